import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS } from '@common/limits';
import { MSG } from '@common/messages';
import { TIME_PERIOD_FORM_LABELS, TIME_PERIODS, type Dream } from '@common/schemas/dreams';
import { Button } from '@app/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@app/components/ui/dialog';
import { Input, Textarea } from '@app/components/ui/input';
import { Alert, FieldError, Label } from '@app/components/ui/misc';
import { useTagSuggestions } from '@app/features/analytics/api';
import { fetchCurrentUser, useCurrentUser } from '@app/features/auth/api';
import { usePreviousIntentions } from '@app/features/intentions/api';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useSaveDream, type DreamPayload } from '../api';
import { TagInput } from './tag-input';

const dreamFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, MSG.titleRequired)
    .max(LIMITS.dreamTitle.max, `Title must be at most ${LIMITS.dreamTitle.max} characters`),
  narrative: z
    .string()
    .trim()
    .min(1, MSG.narrativeRequired)
    .max(
      LIMITS.narrative.max,
      `Dream description must be at most ${LIMITS.narrative.max.toLocaleString('en-US')} characters`,
    ),
  dontRemember: z.boolean(),
  date: z.string(),
  timePeriod: z.union([z.enum(TIME_PERIODS), z.literal('')]),
  tags: z.array(z.string()),
  intentionId: z.string(),
  requestInterpretation: z.boolean(),
});
type DreamForm = z.infer<typeof dreamFormSchema>;

const today = () => format(new Date(), 'yyyy-MM-dd');

function formFromDream(dream?: Dream): DreamForm {
  if (!dream) {
    return {
      title: '',
      narrative: '',
      dontRemember: false,
      date: today(),
      timePeriod: '',
      tags: [],
      intentionId: '',
      requestInterpretation: false,
    };
  }
  return {
    title: dream.title,
    narrative: dream.narrative,
    dontRemember: Boolean(dream.timePeriod),
    date: dream.date ? format(new Date(dream.date), 'yyyy-MM-dd') : today(),
    timePeriod: (TIME_PERIODS as readonly string[]).includes(dream.timePeriod ?? '')
      ? (dream.timePeriod as DreamForm['timePeriod'])
      : '',
    tags: dream.tags,
    intentionId: dream.intentionId ? String(dream.intentionId) : '',
    requestInterpretation: false,
  };
}

/** Today's date keeps the current time (so the card says "Today"); other days are saved at local noon. */
function dateToIso(day: string): string {
  if (!day || day === today()) return new Date().toISOString();
  const parsed = new Date(`${day}T12:00:00`);
  return Number.isNaN(parsed.getTime()) ? new Date().toISOString() : parsed.toISOString();
}

export function draftKey(userId: number, dreamId?: number) {
  return `dream-traveler:draft:${userId}:${dreamId ?? 'new'}`;
}

function readDraft(key: string): DreamForm | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = dreamFormSchema.partial().safeParse(JSON.parse(raw));
    return parsed.success ? { ...formFromDream(), ...parsed.data } : null;
  } catch {
    return null;
  }
}

export interface DreamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dream being edited; absent for a new dream. */
  dream?: Dream;
  /** Called after a successful save (the interpretation feature hooks in here). */
  onSaved?: (dream: Dream, options: { requestInterpretation: boolean }) => void;
  /** Show the "request interpretation" checkbox. */
  offerInterpretation?: boolean;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode;
}

/**
 * Create and edit a dream. An unsaved draft is kept in local storage per user (and per dream
 * when editing) and restored when the dialog opens again; a failed save keeps everything typed.
 */
export function DreamDialog({
  open,
  onOpenChange,
  dream,
  onSaved,
  offerInterpretation = false,
  trigger,
}: DreamDialogProps) {
  const { data: user } = useCurrentUser();
  const save = useSaveDream();
  const intentions = usePreviousIntentions(20);
  const tagSuggestions = useTagSuggestions(open);
  const [restored, setRestored] = useState(false);
  const key = user ? draftKey(user.id, dream?.id) : null;
  const form = useForm<DreamForm>({ resolver: zodResolver(dreamFormSchema), defaultValues: formFromDream(dream) });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const loadedFor = useRef<string | null>(null);

  // On opening: restore a saved draft, or start from the dream (or blank).
  useEffect(() => {
    if (!open || !key) {
      loadedFor.current = null;
      return;
    }
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    const draft = readDraft(key);
    form.reset(draft ?? formFromDream(dream));
    setRestored(Boolean(draft));
  }, [open, key, dream, form]);

  // Every change to a dirty form is written to the draft.
  useEffect(() => {
    if (!open || !key || loadedFor.current !== key || !form.formState.isDirty) return;
    try {
      localStorage.setItem(key, JSON.stringify(values));
    } catch {
      // Storage full or disabled: the dialog still works, the draft is just not kept.
    }
  }, [values, open, key, form.formState.isDirty]);

  const discardDraft = () => {
    if (key) localStorage.removeItem(key);
    form.reset(formFromDream(dream));
    setRestored(false);
  };

  const onValid = async (v: DreamForm) => {
    const signedIn = await fetchCurrentUser().catch(() => null);
    if (!signedIn) {
      toast({ title: 'Authentication required', description: 'Please log in to save dreams', variant: 'destructive' });
      return;
    }
    const payload: DreamPayload = {
      title: v.title,
      narrative: v.narrative,
      date: v.dontRemember ? new Date().toISOString() : dateToIso(v.date),
      timePeriod: v.dontRemember ? v.timePeriod || 'unknown' : null,
      tags: v.tags,
      intentionId: v.intentionId ? Number(v.intentionId) : null,
    };
    save.mutate(
      { id: dream?.id, payload },
      {
        onSuccess: (saved) => {
          if (key) localStorage.removeItem(key);
          setRestored(false);
          toast({ title: dream ? 'Dream updated' : 'Dream recorded', description: saved.title });
          onOpenChange(false);
          form.reset(formFromDream(dream ? saved : undefined));
          onSaved?.(saved, { requestInterpretation: v.requestInterpretation });
        },
        onError: (err) =>
          toast({
            title: 'Failed to save dream',
            description: describeError(err, 'An unknown error occurred'),
            variant: 'destructive',
          }),
      },
    );
  };

  const onInvalid = () =>
    toast({
      title: 'Validation Error',
      description: 'Please provide both a title and description for your dream',
      variant: 'destructive',
    });

  const dontRemember = Boolean(values.dontRemember);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-w-[600px]">
        <DialogTitle>{dream ? 'Edit Dream' : 'Record a Dream'}</DialogTitle>
        <DialogDescription>
          Write it down before it fades. Your draft is kept on this device until you save.
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)} noValidate>
          {restored ? (
            <Alert className="flex items-center justify-between gap-3">
              <span>Your unsaved draft was restored.</span>
              <Button type="button" size="sm" variant="ghost" onClick={discardDraft}>
                Discard draft
              </Button>
            </Alert>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="dream-title">Title</Label>
            <Input
              id="dream-title"
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? 'dream-title-error' : undefined}
              {...form.register('title')}
            />
            <FieldError id="dream-title-error" message={errors.title?.message} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="dream-narrative">Dream description</Label>
            <Textarea
              id="dream-narrative"
              rows={6}
              placeholder="Describe your dream in as much detail as you remember…"
              aria-invalid={errors.narrative ? true : undefined}
              aria-describedby={errors.narrative ? 'dream-narrative-error' : undefined}
              {...form.register('narrative')}
            />
            <FieldError id="dream-narrative-error" message={errors.narrative?.message} />
          </div>
          <div className="flex items-center gap-2">
            <input
              id="dream-dont-remember"
              type="checkbox"
              className="h-4 w-4 accent-dream-500"
              checked={dontRemember}
              onChange={(e) => {
                const on = e.target.checked;
                form.setValue('dontRemember', on, { shouldDirty: true });
                // On: the period select shows and the date resets to now. Off: the period is cleared.
                if (on) form.setValue('date', today(), { shouldDirty: true });
                else form.setValue('timePeriod', '', { shouldDirty: true });
              }}
            />
            <Label htmlFor="dream-dont-remember">I don't remember the exact date</Label>
          </div>
          {dontRemember ? (
            <div className="grid gap-1.5">
              <Label htmlFor="dream-time-period">Time period</Label>
              <select
                id="dream-time-period"
                className="h-10 w-full min-w-0 max-w-full truncate rounded-lg border border-night-600 bg-night-900 px-3 text-sm"
                {...form.register('timePeriod')}
              >
                <option value="">Choose a time of life…</option>
                {TIME_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {TIME_PERIOD_FORM_LABELS[p]}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div className="grid gap-1.5">
              <Label htmlFor="dream-date">Date</Label>
              <Input id="dream-date" type="date" max={today()} {...form.register('date')} />
            </div>
          )}
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <TagInput id="dream-tags" value={field.value} onChange={field.onChange} suggestions={tagSuggestions} />
            )}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="dream-intention">Linked intention (optional)</Label>
            <select
              id="dream-intention"
              className="h-10 w-full min-w-0 max-w-full truncate rounded-lg border border-night-600 bg-night-900 px-3 text-sm"
              {...form.register('intentionId')}
            >
              <option value="">No intention</option>
              {(intentions.data ?? []).map((i) => (
                <option key={i.id} value={String(i.id)}>
                  {i.text.length > 60 ? `${i.text.slice(0, 60)}…` : i.text}
                </option>
              ))}
            </select>
          </div>
          {offerInterpretation ? (
            <div className="flex items-center gap-2">
              <input
                id="dream-request-interpretation"
                type="checkbox"
                className="h-4 w-4 accent-dream-500"
                {...form.register('requestInterpretation')}
              />
              <Label htmlFor="dream-request-interpretation">Generate an AI interpretation when I save</Label>
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : dream ? 'Save Changes' : 'Save Dream'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
