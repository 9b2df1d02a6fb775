import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { dreamWhenLine, formatShortDate } from '@common/dream-text';
import { paths } from '@common/paths';
import type { EvidenceSpan } from '@common/schemas/interpretations';
import { Button } from '@app/components/ui/button';
import { Card, Skeleton } from '@app/components/ui/misc';
import { HighlightedNarrative, InterpretationSlot, useDreamSaved } from '@app/features/interpretations';
import { DreamSymbolMeanings } from '@app/features/lexicon';
import { DreamShareButton } from '@app/features/social';
import { toast } from '@app/lib/toast-store';
import { useDeleteDream, useDream } from '../api';
import { LazyDreamDialog } from '../components/lazy-dream-dialog';
import { TagChips } from '../components/tag-chips';

// The delete confirmation loads when Delete is first pressed.
const ConfirmDialog = lazy(async () => ({ default: (await import('@app/components/ui/alert-dialog')).ConfirmDialog }));

export const DELETE_CONFIRMATION =
  'This will permanently delete this dream entry from your journal. This action cannot be undone.';

function BackToJournal() {
  return (
    <Link
      to={paths.journal}
      className="inline-flex w-fit items-center gap-2 rounded text-sm text-dream-300 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Journal
    </Link>
  );
}

/**
 * The dream card's shape while the dream loads: title, date line, Edit/Delete, tags and a few lines of
 * narrative at their real sizes, so the page does not jump when it arrives. The reading and the details
 * card appear below it only once loaded (nothing is pushed down).
 */
function DreamDetailSkeleton() {
  return (
    <article className="mx-auto grid max-w-3xl gap-6" aria-busy="true" aria-label="Loading dream">
      <BackToJournal />
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-1">
            <Skeleton className="h-9 w-2/3 max-w-sm" />
            <Skeleton className="mt-1 h-5 w-44" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-8 w-[4.5rem] rounded-md" />
            <Skeleton className="h-8 w-[5.5rem] rounded-md" />
          </div>
        </div>
        <Skeleton className="mt-4 h-6 w-32 rounded-full" />
        <div className="mt-6 grid gap-2">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-3/5" />
        </div>
      </Card>
    </article>
  );
}

export function DreamDetailPage() {
  const params = useParams();
  const id = Number.parseInt(params.id ?? '', 10);
  const dream = useDream(id);
  const navigate = useNavigate();
  const remove = useDeleteDream();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [askedToDelete, setAskedToDelete] = useState(false);
  /**
   * The dream's words behind the reading's paragraph in focus ("Why this reading"), with the text
   * they point into: after an edit they no longer mark anything.
   */
  const [highlight, setHighlight] = useState<{ narrative: string; spans: EvidenceSpan[] }>({
    narrative: '',
    spans: [],
  });
  const onSaved = useDreamSaved();
  const missing = !Number.isInteger(id) || id <= 0 || dream.isError;

  useEffect(() => {
    if (!missing) return;
    toast({ title: 'Dream not found', variant: 'destructive' });
    void navigate(paths.journal, { replace: true });
  }, [missing, navigate]);

  if (missing || dream.isPending) return <DreamDetailSkeleton />;
  const d = dream.data;
  const lucid = d.tags.includes('lucid');

  const onDelete = () =>
    remove.mutate(d.id, {
      onSuccess: () => {
        toast({ title: 'Dream deleted', description: d.title });
        void navigate(paths.journal);
      },
      onError: () => toast({ title: 'Failed to delete dream entry', variant: 'destructive' }),
    });

  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <BackToJournal />
      <Card>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-white">{d.title}</h1>
            <p className="mt-1 text-sm text-slate-300">{dreamWhenLine(d)}</p>
          </div>
          <div className="flex flex-wrap gap-2" data-slot="dream-actions">
            <LazyDreamDialog
              open={editing}
              onOpenChange={setEditing}
              dream={d}
              onSaved={onSaved}
              offerInterpretation
              trigger={
                <Button variant="outline" size="sm">
                  <Pencil aria-hidden /> Edit
                </Button>
              }
            />
            <DreamShareButton dreamId={d.id} />
            <Button
              variant="outline"
              size="sm"
              className="text-red-300"
              onClick={() => {
                setAskedToDelete(true);
                setConfirming(true);
              }}
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        </header>
        <TagChips tags={d.tags} className="mt-4" />
        <HighlightedNarrative text={d.narrative} spans={highlight.narrative === d.narrative ? highlight.spans : []} />
      </Card>

      <InterpretationSlot
        dream={d}
        onHighlight={(spans) => setHighlight({ narrative: d.narrative, spans })}
        after={
          <>
            <DreamSymbolMeanings dreamId={d.id} />
            <Card>
              <h2 className="text-lg font-semibold text-white">Details</h2>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-400">Recorded</dt>
                  <dd className="text-slate-100">{formatShortDate(d.createdAt)}</dd>
                </div>
                <div>
                  <dt className="text-slate-400">Type</dt>
                  <dd className="text-slate-100">{lucid ? 'Lucid Dream' : 'Regular Dream'}</dd>
                </div>
                {d.intentionId ? (
                  <div>
                    <dt className="text-slate-400">Intention</dt>
                    <dd>
                      <Link
                        className="text-dream-300 hover:underline"
                        to={`${paths.intentions}#intention-${d.intentionId}`}
                      >
                        View linked intention
                      </Link>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </Card>
          </>
        }
      />

      {askedToDelete ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete this dream?"
            description={DELETE_CONFIRMATION}
            confirmLabel="Delete"
            pending={remove.isPending}
            onConfirm={onDelete}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
