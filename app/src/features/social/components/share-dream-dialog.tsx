import { Share2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { dreamWhenText } from '@common/dream-text';
import { MSG } from '@common/messages';
import { Button } from '@app/components/ui/button';
import { CheckField } from '@app/components/ui/check-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { Input, Textarea } from '@app/components/ui/input';
import { Label } from '@app/components/ui/misc';
import { useCurrentUser } from '@app/features/auth/api';
import { TagInput } from '@app/features/dreams';
import { useDreamInterpretation } from '@app/features/interpretations/api';
import { describeError } from '@app/lib/api-client';
import { cn } from '@app/lib/cn';
import { toast } from '@app/lib/toast-store';
import { useDreamsToShare, useShareDream } from '../api';

/**
 * The Share a Dream dialog (spec part 1 §2): pick one of your dreams (the list scrolls at 150 px),
 * then title, content, the optional interpretation — prefilled from the dream's latest reading, shared
 * exactly as it stands in the field when you press Share — tags and the anonymous switch.
 */
export function ShareDreamDialog({
  initialDreamId,
  trigger = 'button',
  open: controlledOpen,
  onOpenChange,
}: {
  initialDreamId?: number;
  trigger?: 'button' | 'none';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { data: user } = useCurrentUser();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <>
      {trigger === 'button' ? (
        <Button disabled={!user} onClick={() => setOpen(true)}>
          <Share2 aria-hidden /> Share a Dream
        </Button>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <ShareForm initialDreamId={initialDreamId} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

function ShareForm({ initialDreamId, onDone }: { initialDreamId?: number; onDone: () => void }) {
  const id = useId();
  const dreams = useDreamsToShare(true);
  const share = useShareDream();
  const [dreamId, setDreamId] = useState<number | null>(initialDreamId ?? null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [interpretation, setInterpretation] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [isAnonymous, setIsAnonymous] = useState(false);
  const reading = useDreamInterpretation(dreamId ?? 0);
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  const [readingFor, setReadingFor] = useState<number | null>(null);

  // Choosing a dream fills the fields from it once, and the interpretation once its latest reading
  // has loaded; later edits are the user's (state adjusted while rendering, not in an effect).
  const chosen = dreams.data?.find((d) => d.id === dreamId);
  if (chosen && prefilledFor !== chosen.id) {
    setPrefilledFor(chosen.id);
    setTitle(chosen.title);
    setContent(chosen.narrative);
    setTags(chosen.tags);
    setInterpretation('');
  }
  if (chosen && readingFor !== chosen.id && !reading.isPending && !reading.isFetching) {
    setReadingFor(chosen.id);
    if (reading.data?.dreamId === chosen.id) setInterpretation(reading.data.content);
  }

  const external = reading.data && reading.data.dreamId === dreamId && reading.data.provider !== 'local';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!dreamId) {
      toast({ title: 'Error sharing dream', description: MSG.selectDream, variant: 'destructive' });
      return;
    }
    if (!title.trim() || !content.trim()) {
      toast({ title: 'Error sharing dream', description: MSG.missingFields, variant: 'destructive' });
      return;
    }
    share.mutate(
      { dreamId, title, content, interpretation: interpretation.trim() || null, tags, isAnonymous },
      {
        onSuccess: () => {
          toast({ title: 'Dream shared successfully' });
          onDone();
        },
        onError: (err) =>
          toast({
            title: 'Error sharing dream',
            description: describeError(err, 'An error occurred while sharing your dream'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <DialogContent className="max-w-[600px]">
      <DialogTitle>Share a Dream</DialogTitle>
      <DialogDescription>
        Share one of your dreams with the community, under your name or anonymously.
      </DialogDescription>
      <form className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-slate-200">Dream</legend>
          <div
            className="h-[150px] overflow-y-auto rounded-lg border border-night-600 p-1"
            role="radiogroup"
            aria-label="Your dreams"
          >
            {dreams.isPending ? <p className="p-2 text-sm text-slate-400">Loading your dreams…</p> : null}
            {dreams.isError ? <p className="p-2 text-sm text-red-300">Your dreams could not be loaded.</p> : null}
            {dreams.data?.length === 0 ? (
              <p className="p-2 text-sm text-slate-400">You have no dreams to share yet.</p>
            ) : null}
            {dreams.data?.map((d) => (
              <label
                key={d.id}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-aurora-300 hover:bg-night-800',
                  d.id === dreamId && 'bg-dream-600/30 text-white',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-dream`}
                  className="sr-only"
                  checked={d.id === dreamId}
                  onChange={() => setDreamId(d.id)}
                />
                <span className="min-w-0 flex-1 truncate">{d.title}</span>
                <span className="shrink-0 text-xs text-slate-400">{dreamWhenText(d)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input id={`${id}-title`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-content`}>Content</Label>
          <Textarea id={`${id}-content`} value={content} rows={5} onChange={(e) => setContent(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-interpretation`}>Interpretation (optional)</Label>
          <Textarea
            id={`${id}-interpretation`}
            value={interpretation}
            rows={4}
            onChange={(e) => setInterpretation(e.target.value)}
            aria-describedby={`${id}-interpretation-note`}
          />
          <p id={`${id}-interpretation-note`} className="text-xs text-slate-400">
            {external
              ? 'This reading came from an external model. Others will see exactly the text above, as plain text: read it and edit it before you share.'
              : 'Others see exactly the text above, as plain text.'}
          </p>
        </div>
        <TagInput id={`${id}-tags`} value={tags} onChange={setTags} />
        <CheckField asSwitch label="Share anonymously" checked={isAnonymous} onCheckedChange={setIsAnonymous} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={share.isPending}>
            {share.isPending ? 'Sharing…' : 'Share'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
