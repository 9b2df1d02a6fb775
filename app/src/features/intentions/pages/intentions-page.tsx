import { Undo2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { dreamDateText } from '@common/dream-text';
import { isTonight } from '@common/nights';
import { LIST_SIZES } from '@common/limits';
import { paths } from '@common/paths';
import { createIntentionBodySchema, type Intention, type IntentionOutcome } from '@common/schemas/intentions';
import { Button } from '@app/components/ui/button';
import { Field } from '@app/components/ui/field';
import { Textarea } from '@app/components/ui/input';
import { Badge, Card, Label, Skeleton } from '@app/components/ui/misc';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useCreateIntention, usePreviousIntentions, useUpdateIntention } from '../api';

/** The create-intention rule (common/schemas/intentions.ts): the form has no fields of its own. */
const intentionFormSchema = createIntentionBodySchema.pick({ text: true });
type IntentionFormValues = z.infer<typeof intentionFormSchema>;

function IntentionForm() {
  const create = useCreateIntention();
  const form = useForm<IntentionFormValues>({
    resolver: zodResolver(intentionFormSchema),
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;
  const onSubmit = form.handleSubmit(({ text }) =>
    create.mutate(text, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Intention set', description: 'Carry it with you as you fall asleep.' });
      },
      onError: (err) =>
        toast({
          title: 'Failed to set intention',
          description: describeError(err, 'An unknown error occurred'),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <Card>
      <h2 className="text-xl font-semibold text-white">Pre-Sleep Intention</h2>
      <p className="mt-1 text-sm text-slate-300">
        Decide what you want to notice or do in tonight's dream — "I will see my hands and know I am dreaming."
      </p>
      <form className="mt-4 grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id="intention-text" label="Your intention for tonight" error={error} className="grid gap-3">
          {(control) => <Textarea {...control} {...form.register('text')} />}
        </Field>
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {create.isPending ? 'Setting...' : 'Set Intention'}
        </Button>
      </form>
    </Card>
  );
}

const OUTCOME_BADGES: Record<Exclude<IntentionOutcome, 'pending'>, { label: string; className: string }> = {
  success: { label: 'Success', className: 'border-aurora-400/50 bg-aurora-400/20 text-aurora-300' },
  failed: { label: "Didn't work", className: 'border-slate-400/50 bg-slate-400/15 text-slate-200' },
};

const OUTCOME_TOASTS: Record<IntentionOutcome, string> = {
  success: 'Marked as successful',
  failed: "Marked as didn't work",
  pending: 'Outcome undone',
};

function IntentionItem({ intention, tonight = false }: { intention: Intention; tonight?: boolean }) {
  const [notes, setNotes] = useState(intention.notes ?? '');
  const update = useUpdateIntention();
  const notesValue = () => (notes.trim() ? notes : null);
  const saveNotes = () =>
    update.mutate(
      { id: intention.id, notes: notesValue() },
      {
        onSuccess: () => toast({ title: 'Notes saved' }),
        onError: () => toast({ title: 'Failed to update notes', variant: 'destructive' }),
      },
    );
  // The notes typed so far go with an outcome, as "Mark as successful" always did.
  const setOutcome = (outcome: IntentionOutcome) =>
    update.mutate(
      { id: intention.id, notes: notesValue(), outcome },
      {
        onSuccess: () => toast({ title: OUTCOME_TOASTS[outcome] }),
        onError: () => toast({ title: 'Failed to update intention', variant: 'destructive' }),
      },
    );
  const notesId = `intention-notes-${intention.id}`;
  const badge = intention.outcome === 'pending' ? null : OUTCOME_BADGES[intention.outcome];
  const Item = tonight ? 'div' : 'li';
  return (
    <Item
      id={`intention-${intention.id}`}
      aria-label={tonight ? undefined : intention.text}
      className="min-w-0 rounded-xl border border-night-600/70 bg-night-900/70 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-white">{intention.text}</p>
        {badge ? <Badge className={badge.className}>{badge.label}</Badge> : null}
      </div>
      <p className="mt-1 text-xs text-slate-400">{dreamDateText(intention.date)}</p>
      <div className="mt-3 grid gap-2">
        <Label htmlFor={notesId}>Notes</Label>
        <Textarea
          id={notesId}
          rows={2}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="What happened?"
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={saveNotes} disabled={update.isPending}>
            Save notes
          </Button>
          {badge ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Undo "${badge.label}"`}
              onClick={() => setOutcome('pending')}
              disabled={update.isPending}
            >
              <Undo2 aria-hidden /> Undo
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => setOutcome('success')} disabled={update.isPending}>
                Mark as successful
              </Button>
              <Button size="sm" variant="outline" onClick={() => setOutcome('failed')} disabled={update.isPending}>
                Didn't work
              </Button>
            </>
          )}
          {intention.dreamId ? (
            <Button asChild size="sm" variant="link">
              <Link to={paths.dreamAlias(intention.dreamId)}>View Dream</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Item>
  );
}

export function IntentionsPage() {
  const pageSize = LIST_SIZES.previousIntentionsPage;
  // One more than a page: tonight's intention, when there is one, is shown on its own.
  const recent = usePreviousIntentions(pageSize + 1);
  const list = recent.data ?? [];
  const newest = list[0];
  const tonight = newest && isTonight(newest.date) ? newest : null;
  const previous = (tonight ? list.slice(1) : list).slice(0, pageSize);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-3xl font-bold text-white">Intentions</h1>
      <IntentionForm />
      {tonight ? (
        <section aria-labelledby="tonights-intention" className="grid min-w-0 gap-3">
          <h2 id="tonights-intention" className="text-xl font-semibold text-white">
            Tonight's intention
          </h2>
          <IntentionItem key={`${tonight.id}-${tonight.outcome}`} intention={tonight} tonight />
        </section>
      ) : null}
      <section aria-labelledby="previous-intentions" className="min-w-0">
        <h2 id="previous-intentions" className="text-xl font-semibold text-white">
          Previous Intentions
        </h2>
        {recent.isPending ? (
          <div className="mt-3 grid gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : previous.length ? (
          <ul className="mt-3 grid gap-3">
            {previous.map((i) => (
              <IntentionItem key={`${i.id}-${i.outcome}`} intention={i} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-300">No previous intentions set</p>
        )}
      </section>
    </div>
  );
}
