import { useId, useState, type FormEvent } from 'react';
import { REALITY_CHECKS } from '@common/dream-signs-classic';
import { lexiconSymbolParamsSchema, personalMeaningBodySchema } from '@common/schemas/lexicon';
import { Button } from '@app/components/ui/button';
import { Field } from '@app/components/ui/field';
import { Input, Textarea } from '@app/components/ui/input';
import { LoadError } from '@app/components/load-error';
import { Badge, Card, Skeleton } from '@app/components/ui/misc';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useLexicon, useSetMeaning } from '../api';
import { PersonalMeaningEditor } from '../components/personal-meaning-editor';

function AddMeaning() {
  const id = useId();
  const save = useSetMeaning();
  const [symbol, setSymbol] = useState('');
  const [meaning, setMeaning] = useState('');
  const [errors, setErrors] = useState<{ symbol?: string; meaning?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const s = lexiconSymbolParamsSchema.safeParse({ symbol });
    const m = personalMeaningBodySchema.safeParse({ meaning });
    setErrors({ symbol: s.error?.issues[0]?.message, meaning: m.error?.issues[0]?.message });
    if (!s.success || !m.success) return;
    save.mutate(
      { symbol: s.data.symbol, meaning: m.data.meaning },
      {
        onSuccess: () => {
          toast({ title: 'Meaning saved', description: s.data.symbol });
          setSymbol('');
          setMeaning('');
        },
        onError: (err) => setErrors({ meaning: describeError(err, 'Could not save your meaning. Please try again.') }),
      },
    );
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Add a meaning
      </h2>
      <form className="mt-3 grid gap-3" onSubmit={onSubmit} noValidate>
        <Field id={`${id}-symbol`} label="Symbol" error={errors.symbol}>
          {(control) => (
            <Input {...control} value={symbol} onChange={(e) => setSymbol(e.target.value)} placeholder="water" />
          )}
        </Field>
        <Field id={`${id}-meaning`} label="What it means to me" error={errors.meaning}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={meaning}
              onChange={(e) => setMeaning(e.target.value)}
              placeholder="To me, it means…"
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save meaning'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The personal symbol lexicon: the dreamer's meanings, what their dreams show, and the reality checks. */
export function LexiconPage() {
  const lexicon = useLexicon();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold text-white">My Symbols</h1>
        <p className="mt-2 text-slate-300">
          How your recurring symbols tend to feel in your own dreams, and what they mean to you. Your readings use your
          meaning before the general one. Only you can see this page.
        </p>
      </div>
      <AddMeaning />
      <section aria-labelledby="lexicon-entries" className="grid gap-3">
        <h2 id="lexicon-entries" className="text-xl font-semibold text-white">
          Your lexicon
        </h2>
        {lexicon.isPending ? (
          <Skeleton className="h-32" aria-label="Loading your symbols" />
        ) : lexicon.isError ? (
          <LoadError
            title="Your symbols could not be loaded"
            error={lexicon.error}
            onRetry={() => void lexicon.refetch()}
            retrying={lexicon.isFetching}
          />
        ) : lexicon.data.entries.length ? (
          <ul className="grid gap-3">
            {lexicon.data.entries.map((entry) => (
              <li key={entry.symbol}>
                <Card>
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-lg font-semibold capitalize text-white wrap-anywhere">{entry.symbol}</h3>
                    {entry.category ? <Badge>{entry.category}</Badge> : null}
                  </div>
                  <div className="mt-2">
                    <PersonalMeaningEditor symbol={entry.symbol} entry={entry} showLearned />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-400">
            Nothing yet: symbols appear here once they recur in your dreams, or when you write what one means to you.
          </p>
        )}
      </section>
      <section aria-labelledby="reality-checks" className="grid gap-3">
        <h2 id="reality-checks" className="text-xl font-semibold text-white">
          Reality checks
        </h2>
        <ul className="grid gap-3">
          {REALITY_CHECKS.map((check) => (
            <li key={check.id} id={`check-${check.id}`} className="scroll-mt-20">
              <Card>
                <h3 className="font-semibold text-white">{check.title}</h3>
                <p className="mt-1 text-sm text-slate-300">{check.how}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
