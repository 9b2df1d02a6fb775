import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { dreamDateText } from '@common/dream-text';
import { LIMITS, LIST_SIZES } from '@common/limits';
import { MSG } from '@common/messages';
import { paths } from '@common/paths';
import type { Intention } from '@common/schemas/intentions';
import { Button } from '@app/components/ui/button';
import { Textarea } from '@app/components/ui/input';
import { Badge, Card, FieldError, Label, Skeleton } from '@app/components/ui/misc';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useCreateIntention, usePreviousIntentions, useUpdateIntention } from '../api';

function IntentionForm() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateIntention();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(MSG.intentionRequired);
      return;
    }
    setError(undefined);
    create.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        toast({ title: 'Intention set', description: 'Carry it with you as you fall asleep.' });
      },
      onError: (err) =>
        toast({
          title: 'Failed to set intention',
          description: describeError(err, 'An unknown error occurred'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Card>
      <h2 className="text-xl font-semibold text-white">Pre-Sleep Intention</h2>
      <p className="mt-1 text-sm text-slate-300">
        Decide what you want to notice or do in tonight's dream — "I will see my hands and know I am dreaming."
      </p>
      <form className="mt-4 grid gap-3" onSubmit={onSubmit} noValidate>
        <Label htmlFor="intention-text">Your intention for tonight</Label>
        <Textarea
          id="intention-text"
          value={text}
          maxLength={LIMITS.intentionText.max}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'intention-text-error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error && e.target.value.trim()) setError(undefined);
          }}
        />
        <FieldError id="intention-text-error" message={error} />
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {create.isPending ? 'Setting...' : 'Set Intention'}
        </Button>
      </form>
    </Card>
  );
}

function IntentionItem({ intention }: { intention: Intention }) {
  const [notes, setNotes] = useState(intention.notes ?? '');
  const update = useUpdateIntention();
  const save = (completed?: boolean) =>
    update.mutate(
      { id: intention.id, notes: notes.trim() ? notes : null, ...(completed ? { completed: true } : {}) },
      {
        onSuccess: () => toast({ title: completed ? 'Marked as successful' : 'Notes saved' }),
        onError: () => toast({ title: 'Failed to update notes', variant: 'destructive' }),
      },
    );
  const notesId = `intention-notes-${intention.id}`;
  return (
    <li id={`intention-${intention.id}`} className="rounded-xl border border-night-600/70 bg-night-900/70 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-white">{intention.text}</p>
        {intention.completed ? (
          <Badge className="border-aurora-400/50 bg-aurora-400/20 text-aurora-300">Success</Badge>
        ) : null}
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
          <Button size="sm" variant="outline" onClick={() => save()} disabled={update.isPending}>
            Save notes
          </Button>
          {!intention.completed ? (
            <Button size="sm" onClick={() => save(true)} disabled={update.isPending}>
              Mark as successful
            </Button>
          ) : null}
          {intention.dreamId ? (
            <Button asChild size="sm" variant="link">
              <Link to={paths.dreamAlias(intention.dreamId)}>View Dream</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function IntentionsPage() {
  const previous = usePreviousIntentions(LIST_SIZES.previousIntentionsPage);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-3xl font-bold text-white">Intentions</h1>
      <IntentionForm />
      <section aria-labelledby="previous-intentions">
        <h2 id="previous-intentions" className="text-xl font-semibold text-white">
          Previous Intentions
        </h2>
        {previous.isPending ? (
          <div className="mt-3 grid gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : previous.data?.length ? (
          <ul className="mt-3 grid gap-3">
            {previous.data.map((i) => (
              <IntentionItem key={`${i.id}-${i.completed}`} intention={i} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-300">No previous intentions set</p>
        )}
      </section>
    </div>
  );
}
