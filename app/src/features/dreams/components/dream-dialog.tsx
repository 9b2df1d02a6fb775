import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { MSG } from '@common/messages';
import {
  dreamFieldsSchema,
  dreamTimePeriodSchema,
  TIME_PERIOD_FORM_LABELS,
  TIME_PERIODS,
  type Dream,
} from '@common/schemas/dreams';
import { Button } from '@app/components/ui/button';
import { Field } from '@app/components/ui/field';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@app/components/ui/dialog';
import { Input, Textarea } from '@app/components/ui/input';
import { Alert, Label } from '@app/components/ui/misc';
import { useTagSuggestions } from '@app/features/analytics/api';
import { fetchCurrentUser, useCurrentUser } from '@app/features/auth/api';
import { usePreviousIntentions } from '@app/features/intentions/api';
import { ApiError, describeError } from '@app/lib/api-client';
import { randomUuid } from '@app/lib/random-id';
import { toast } from '@app/lib/toast-store';
import { useSaveDream, type DreamPayload } from '../api';
import { LiveDreamSigns } from './live-dream-signs';
import { TagInput } from './tag-input';

/**
 * The form's fields as the inputs hold them: what the form-only fields say (the "I don't remember the
 * exact date" toggle, the picked day, the select's '' for none, the interpretation checkbox).
 */
const formOnlyFields = {
  dontRemember: z.boolean(),
  date: z.string(),
  timePeriod: z.union([dreamTimePeriodSchema, z.literal('')]),
  intentionId: z.string(),
  requestInterpretation: z.boolean(),
};

/** The dream's own rules (common/schemas/dreams.ts) for what it shares with the API; the rest is the form's. */
const dreamFormSchema = dreamFieldsSchema.pick({ title: true, narrative: true, tags: true }).extend(formOnlyFields);
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

/**
 * The date a save sends. An edit never rewrites the dream's date by itself (issue 9.1): it is left
 * out unless the user picked another day, or switched "I don't remember the exact date" on (which
 * resets it to now, spec §4) or off (which takes the chosen day).
 */
function dateToSend(v: DreamForm, dream?: Dream): string | undefined {
  const hadPeriod = Boolean(dream?.timePeriod);
  if (v.dontRemember) return dream && hadPeriod ? undefined : new Date().toISOString();
  if (dream && !hadPeriod && dream.date && v.date === format(new Date(dream.date), 'yyyy-MM-dd')) return undefined;
  return dateToIso(v.date);
}

export function draftKey(userId: number, dreamId?: number) {
  return `dream-traveler:draft:${userId}:${dreamId ?? 'new'}`;
}

/**
 * A draft is whatever was typed, checked only for its shape: a draft with just a narrative, or with a
 * title over the limit, is still the user's words and comes back (issue 9.4).
 */
const draftSchema = z
  .object({ title: z.string(), narrative: z.string(), tags: z.array(z.string()), ...formOnlyFields })
  .partial();

function readDraft(key: string, base: DreamForm): DreamForm | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const draft = { ...base, ...parsed.data };
    return isDraft(draft, base) ? draft : null;
  } catch {
    return null;
  }
}

/** Any field that differs from the blank form (or from the dream being edited) makes a draft. */
function isDraft(values: Partial<DreamForm>, base: DreamForm): boolean {
  const content = (v: Partial<DreamForm>) =>
    JSON.stringify([
      v.title,
      v.narrative,
      v.dontRemember,
      v.dontRemember ? v.timePeriod : v.date,
      v.tags,
      v.intentionId,
    ]);
  return content(values) !== content(base);
}

/** One save attempt of a new dream: retrying the same content resends it with the same key (issue 9.5). */
interface SaveAttempt {
  content: string;
  key: string;
  payload: DreamPayload;
}

const attemptKey = (draft: string) => `${draft}:attempt`;

function readAttempt(key: string): SaveAttempt | null {
  try {
    const raw = localStorage.getItem(attemptKey(key));
    return raw ? (JSON.parse(raw) as SaveAttempt) : null;
  } catch {
    return null;
  }
}

function store(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the dialog still works, the draft is just not kept.
  }
}

/**
 * The Validation Error toast: the spec's words for an empty field, the limit for a too long one (issue 9.12),
 * or the tag rule a restored draft breaks (the tag input itself refuses such tags).
 */
function validationMessage(errors: FieldErrors<DreamForm>): string {
  if (errors.title?.message === MSG.titleRequired || errors.narrative?.message === MSG.narrativeRequired) {
    return MSG.dreamFieldsMissing;
  }
  const tags = errors.tags;
  const tagMessage = tags?.message ?? (Array.isArray(tags) ? tags.find((item) => item?.message)?.message : undefined);
  return errors.title?.message ?? errors.narrative?.message ?? tagMessage ?? MSG.dreamFieldsMissing;
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
 * Create and edit a dream. An unsaved draft (any field typed in) is kept in local storage per user
 * (and per dream when editing) and restored when the dialog opens again; a failed save keeps it.
 * One save at a time: the submit is guarded, and a new dream is sent with an Idempotency-Key.
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
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);

  // On opening: restore a saved draft, or start from the dream (or blank).
  useEffect(() => {
    if (!open || !key) {
      loadedFor.current = null;
      return;
    }
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    const draft = readDraft(key, formFromDream(dream));
    form.reset(draft ?? formFromDream(dream));
    setRestored(Boolean(draft));
  }, [open, key, dream, form]);

  // Every change the user makes is written to the draft; a form back to its starting point has none.
  useEffect(() => {
    if (!open || !key) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values: next, name }) => {
        // Resets (opening, discarding, saving) carry no field name: only edits touch the draft.
        if (name === undefined || loadedFor.current !== key) return;
        if (isDraft(next, formFromDream(dream))) store(key, next);
        else localStorage.removeItem(key);
      },
    });
  }, [open, key, dream, form]);

  const discardDraft = () => {
    if (key) {
      localStorage.removeItem(key);
      localStorage.removeItem(attemptKey(key));
    }
    form.reset(formFromDream(dream));
    setRestored(false);
  };

  const failed = (description: string) => toast({ title: 'Failed to save dream', description, variant: 'destructive' });

  const onValid = async (v: DreamForm) => {
    let signedIn;
    try {
      signedIn = await fetchCurrentUser();
    } catch {
      failed(MSG.saveUnreachable);
      return;
    }
    if (!signedIn) {
      toast({ title: 'Authentication required', description: 'Please log in to save dreams', variant: 'destructive' });
      return;
    }
    let payload: DreamPayload = {
      title: v.title,
      narrative: v.narrative,
      date: dateToSend(v, dream),
      timePeriod: v.dontRemember ? v.timePeriod || 'unknown' : null,
      tags: v.tags,
      intentionId: v.intentionId ? Number(v.intentionId) : null,
    };
    // A new dream: the same content saved again (a retry) reuses the attempt's key and body, so a
    // save that reached the server before the answer was lost gives back that dream, not a second one.
    let idempotencyKey: string | undefined;
    if (!dream && key) {
      const content = JSON.stringify({ ...payload, date: v.dontRemember ? null : v.date });
      const previous = readAttempt(key);
      const attempt: SaveAttempt = previous?.content === content ? previous : { content, key: randomUuid(), payload };
      store(attemptKey(key), attempt);
      payload = attempt.payload;
      idempotencyKey = attempt.key;
    }
    try {
      const saved = await save.mutateAsync({ id: dream?.id, payload, idempotencyKey });
      if (key) {
        localStorage.removeItem(key);
        localStorage.removeItem(attemptKey(key));
      }
      setRestored(false);
      toast({ title: dream ? 'Dream updated' : 'Dream recorded', description: saved.title });
      onOpenChange(false);
      form.reset(formFromDream(dream ? saved : undefined));
      onSaved?.(saved, { requestInterpretation: v.requestInterpretation });
    } catch (err) {
      // The draft stays in storage: nothing typed is lost.
      failed(err instanceof ApiError ? describeError(err, 'An unknown error occurred') : MSG.saveUnreachable);
    }
  };

  const onInvalid = (fieldErrors: FieldErrors<DreamForm>) =>
    toast({ title: 'Validation Error', description: validationMessage(fieldErrors), variant: 'destructive' });

  // One save at a time: a second click (or Enter) while one is under way does nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current) return;
    saving.current = true;
    setBusy(true);
    void form
      .handleSubmit(
        onValid,
        onInvalid,
      )(event)
      .finally(() => {
        saving.current = false;
        setBusy(false);
      });
  };

  const dontRemember = Boolean(values.dontRemember);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-w-[600px]">
        <DialogTitle>{dream ? 'Edit Dream' : 'Record a Dream'}</DialogTitle>
        <DialogDescription>
          Write it down before it fades. Your draft is kept on this device until you save.
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate aria-busy={busy}>
          {restored ? (
            <Alert className="flex items-center justify-between gap-3">
              <span>Your unsaved draft was restored.</span>
              <Button type="button" size="sm" variant="ghost" onClick={discardDraft}>
                Discard draft
              </Button>
            </Alert>
          ) : null}
          <Field id="dream-title" label="Title" error={errors.title?.message}>
            {(control) => <Input {...control} {...form.register('title')} />}
          </Field>
          <Field id="dream-narrative" label="Dream description" error={errors.narrative?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={6}
                placeholder="Describe your dream in as much detail as you remember…"
                {...form.register('narrative')}
              />
            )}
          </Field>
          <LiveDreamSigns text={values.narrative ?? ''} enabled={open} />
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
            {/* Controlled, so the linked intention shows once the list arrives, and stays linked when it is older
                than the list's twenty (an uncontrolled select falls back to "No intention" and saving would unlink it). */}
            <Controller
              control={form.control}
              name="intentionId"
              render={({ field }) => (
                <select
                  id="dream-intention"
                  className="h-10 w-full min-w-0 max-w-full truncate rounded-lg border border-night-600 bg-night-900 px-3 text-sm"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                >
                  <option value="">No intention</option>
                  {field.value && !(intentions.data ?? []).some((i) => String(i.id) === field.value) ? (
                    <option value={field.value}>The intention linked now</option>
                  ) : null}
                  {(intentions.data ?? []).map((i) => (
                    <option key={i.id} value={String(i.id)}>
                      {i.text.length > 60 ? `${i.text.slice(0, 60)}…` : i.text}
                    </option>
                  ))}
                </select>
              )}
            />
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
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : dream ? 'Save Changes' : 'Save Dream'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
