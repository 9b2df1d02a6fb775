import { useId, useState, type FormEvent } from 'react';
import { personalMeaningBodySchema, type LexiconEntry } from '@common/schemas/lexicon';
import { Button } from '@app/components/ui/button';
import { Field } from '@app/components/ui/field';
import { Textarea } from '@app/components/ui/input';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useClearMeaning, useLexiconEntry, useSetMeaning } from '../api';

const FEELING_WORDS: Record<NonNullable<LexiconEntry['tone']>['feeling'], string> = {
  dread: 'dread',
  unease: 'unease',
  calm: 'calm',
  ease: 'ease',
  delight: 'delight',
};

/** "In 4 of your dreams, mostly with dread (3); often with the moon and a door." */
export function learnedLine(entry: Pick<LexiconEntry, 'dreams' | 'tone' | 'companions'>): string | null {
  if (entry.dreams < 1) return null;
  const parts = [`In ${entry.dreams === 1 ? 'one' : entry.dreams} of your dreams`];
  if (entry.tone && entry.dreams > 1)
    parts.push(`mostly with ${FEELING_WORDS[entry.tone.feeling]} (${entry.tone.count})`);
  const line = parts.join(', ');
  return entry.companions.length ? `${line}; often with ${entry.companions.join(', ')}.` : `${line}.`;
}

interface EditorProps {
  symbol: string;
  /** The entry when the caller already has it; otherwise the editor loads it. */
  entry?: LexiconEntry;
  /** Show what the dreamer's dreams show about the symbol above the meaning. */
  showLearned?: boolean;
}

/**
 * "What this symbol means to me": shows the dreamer's own meaning for a symbol and lets them write,
 * change or remove it. Private: only the signed-in user's lexicon is ever read or written.
 */
export function PersonalMeaningEditor({ symbol, entry: given, showLearned = false }: EditorProps) {
  const loaded = useLexiconEntry(symbol, !given);
  const entry = given ?? loaded.data;
  const save = useSetMeaning();
  const clear = useClearMeaning();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const meaning = entry?.meaning ?? null;
  const learned = showLearned && entry ? learnedLine(entry) : null;

  const start = () => {
    setDraft(meaning ?? '');
    setError(undefined);
    setEditing(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = personalMeaningBodySchema.safeParse({ meaning: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(
      { symbol, meaning: parsed.data.meaning },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: 'Meaning saved', description: `Your readings will use what ${symbol} means to you.` });
        },
        onError: (err) => setError(describeError(err, 'Could not save your meaning. Please try again.')),
      },
    );
  };

  const onRemove = () =>
    clear.mutate(symbol, {
      onSuccess: () => {
        setEditing(false);
        toast({ title: 'Meaning removed', description: symbol });
      },
      onError: (err) =>
        toast({ title: 'Error', description: describeError(err, 'Could not remove it.'), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-2 text-sm" data-testid={`personal-meaning-${symbol}`}>
      {learned ? <p className="text-slate-400">{learned}</p> : null}
      {editing ? (
        <form className="grid gap-2" onSubmit={onSubmit} noValidate>
          <Field id={`${id}-meaning`} label={`What ${symbol} means to me`} error={error}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={`To me, ${symbol} means…`}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            {meaning ? (
              <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={clear.isPending}>
                Remove
              </Button>
            ) : null}
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save meaning'}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className={meaning ? 'text-slate-100 wrap-anywhere' : 'text-slate-400'}>
            {meaning ? (
              <>
                <span className="text-slate-400">To me: </span>“{meaning}”
              </>
            ) : (
              `You have not written what ${symbol} means to you.`
            )}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={start} aria-label={`What ${symbol} means to me`}>
            {meaning ? 'Edit my meaning' : 'What it means to me'}
          </Button>
        </div>
      )}
    </div>
  );
}
