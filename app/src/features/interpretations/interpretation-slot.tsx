import { format } from 'date-fns';
import { ChevronDown, History, RefreshCw, Sparkles } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatShortDate } from '@common/dream-text';
import type { EvidenceSpan, Interpretation } from '@common/schemas/interpretations';
import type { Dream } from '@common/schemas/dreams';
import { Button } from '@app/components/ui/button';
import { Card, Skeleton } from '@app/components/ui/misc';
import { toast } from '@app/lib/toast-store';
import { useDreamInterpretation, useGenerateInterpretation, useInterpretationHistory } from './api';
import { NoEvidenceRecorded, ReadingWithEvidence } from './evidence';

/** Interpretation content is paragraphs separated by blank lines. */
export function InterpretationText({ content }: { content: string }) {
  return (
    <div className="grid gap-3 leading-relaxed text-slate-100">
      {content
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
    </div>
  );
}

const providerText = (provider: string) => (provider === 'openai' ? 'AI model' : 'Offline dream engine');

/** A reading is out of date when the dream's content changed after it was written. */
export function writtenBeforeLastEdit(reading: Pick<Interpretation, 'createdAt'>, dream: Pick<Dream, 'updatedAt'>) {
  return new Date(reading.createdAt).getTime() < new Date(dream.updatedAt).getTime();
}

/**
 * A reading's text with its "Why this reading" (the evidence recorded with it), or a plain word that
 * none was recorded. `onHighlight` receives the dream's words behind the paragraph in focus.
 */
function ReadingBody({
  reading,
  dream,
  nested = false,
  onHighlight,
}: {
  reading: Interpretation;
  dream: Dream;
  nested?: boolean;
  onHighlight?: (spans: EvidenceSpan[]) => void;
}) {
  return reading.evidence ? (
    <ReadingWithEvidence
      content={reading.content}
      evidence={reading.evidence}
      narrative={dream.narrative}
      nested={nested}
      onHighlight={onHighlight}
    />
  ) : (
    <>
      <InterpretationText content={reading.content} />
      <NoEvidenceRecorded />
    </>
  );
}

/** One earlier reading; its "Why this reading" opens on request, so the list stays short to scan. */
function EarlierReading({
  reading,
  dream,
  onHighlight,
}: {
  reading: Interpretation;
  dream: Dream;
  onHighlight?: (spans: EvidenceSpan[]) => void;
}) {
  const [why, setWhy] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const toggle = () => {
    if (why) onHighlight?.([]);
    setWhy((v) => !v);
  };
  return (
    <li className="min-w-0 border-t border-night-600/70 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-200">
        <time dateTime={reading.createdAt}>
          {formatShortDate(reading.createdAt)} at {format(new Date(reading.createdAt), 'h:mm a')}
        </time>
      </h3>
      <p className="mb-2 text-xs text-slate-400">
        {providerText(reading.provider)}
        {writtenBeforeLastEdit(reading, dream) ? ' · written before your last edit' : ''}
      </p>
      {reading.evidence ? (
        <Button
          variant="outline"
          size="sm"
          className="mb-3"
          aria-expanded={why}
          aria-controls={bodyId}
          aria-describedby={headingId}
          onClick={toggle}
        >
          <ChevronDown
            aria-hidden
            className={`transition-transform motion-reduce:transition-none ${why ? 'rotate-180' : ''}`}
          />
          {why ? 'Hide why this reading' : 'Why this reading'}
        </Button>
      ) : null}
      <div id={bodyId}>
        {why || !reading.evidence ? (
          <ReadingBody reading={reading} dream={dream} nested onHighlight={onHighlight} />
        ) : (
          <InterpretationText content={reading.content} />
        )}
      </div>
    </li>
  );
}

/** Readings replaced by a newer one, newest first, behind a disclosure button. */
function EarlierReadings({
  readings,
  dream,
  onHighlight,
}: {
  readings: Interpretation[];
  dream: Dream;
  onHighlight?: (spans: EvidenceSpan[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-white">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left focus-visible:ring-2 focus-visible:ring-dream-400 focus-visible:outline-none"
        >
          <span className="flex items-center gap-2">
            <History className="h-5 w-5 text-dream-300" aria-hidden />
            Earlier readings ({readings.length})
          </span>
          <ChevronDown
            aria-hidden
            className={`h-5 w-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open ? (
          <ol className="mt-4 grid gap-5" aria-label="Earlier readings">
            {readings.map((r) => (
              <EarlierReading key={r.id} reading={r} dream={dream} onHighlight={onHighlight} />
            ))}
          </ol>
        ) : null}
      </div>
    </Card>
  );
}

/** The reading card's shape (heading, date line, Regenerate, a few lines) while it loads. */
function InterpretationSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading interpretation">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Skeleton className="h-7 w-48" />
          <Skeleton className="mt-0.5 h-4 w-36" />
        </div>
        <Skeleton className="h-8 w-32 rounded-md" />
      </div>
      <div className="mt-4 grid gap-2">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </Card>
  );
}

/**
 * The dream detail page's interpretation card, or the "Generate Interpretation" card. A reading
 * written before the dream's last edit says so; earlier readings stay reachable below it.
 * The reading and its history load together, and `after` (the page's next cards) is shown only once
 * both have arrived, so nothing on screen is pushed down when they do.
 */
export function InterpretationSlot({
  dream,
  after,
  onHighlight,
}: {
  dream: Dream;
  after?: ReactNode;
  /** Receives the dream's words behind the paragraph in focus, for the page to highlight them. */
  onHighlight?: (spans: EvidenceSpan[]) => void;
}) {
  const interpretation = useDreamInterpretation(dream.id);
  const generate = useGenerateInterpretation();
  const history = useInterpretationHistory(dream.id);
  const run = () =>
    generate.mutate(dream.id, {
      onSuccess: () => toast({ title: 'Interpretation generated', description: dream.title }),
      onError: () => toast({ title: 'Failed to generate interpretation', variant: 'destructive' }),
    });

  const current = interpretation.data;
  if (interpretation.isPending || (current && history.isPending)) return <InterpretationSkeleton />;
  if (!current) {
    return (
      <>
        <Card className="text-center">
          <Sparkles className="mx-auto h-8 w-8 text-aurora-300" aria-hidden />
          <h2 className="mt-2 text-xl font-semibold text-white">Generate Interpretation</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-300">
            A reading of this dream's symbols, feelings and setting, linked to the patterns in your journal, with a
            lucid-dreaming suggestion.
          </p>
          <Button className="mt-4" onClick={run} disabled={generate.isPending}>
            {generate.isPending ? 'Interpreting...' : 'Generate Interpretation'}
          </Button>
        </Card>
        {after}
      </>
    );
  }
  const earlier = (history.data ?? []).filter((r) => r.id !== current.id);
  const outOfDate = writtenBeforeLastEdit(current, dream);
  return (
    <>
      <Card aria-labelledby="interpretation-heading">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="interpretation-heading" className="text-xl font-semibold text-white">
              Dream Interpretation
            </h2>
            <p className="text-xs text-slate-400">
              {formatShortDate(current.createdAt)} · {providerText(current.provider)}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={run} disabled={generate.isPending}>
            <RefreshCw aria-hidden className={generate.isPending ? 'animate-spin' : undefined} />
            {generate.isPending ? 'Interpreting...' : 'Regenerate'}
          </Button>
        </div>
        {outOfDate ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-400/50 bg-amber-950/40 px-4 py-3 text-sm text-amber-100">
            <p>This reading was written before your last edit.</p>
            <Button size="sm" variant="outline" onClick={run} disabled={generate.isPending}>
              {generate.isPending ? 'Interpreting...' : 'Read the edited dream'}
            </Button>
          </div>
        ) : null}
        <div className="mt-4" aria-live="polite">
          <ReadingBody reading={current} dream={dream} onHighlight={onHighlight} />
        </div>
      </Card>
      {earlier.length ? <EarlierReadings readings={earlier} dream={dream} onHighlight={onHighlight} /> : null}
      {after}
    </>
  );
}
