import { Link } from 'react-router';
import { paths } from '@common/paths';
import { Card, Skeleton } from '@app/components/ui/misc';
import { useDreamLexicon } from '../api';
import { PersonalMeaningEditor } from './personal-meaning-editor';

/**
 * Below a dream's reading: the symbols the engine found in the dream, each with what the dreamer's
 * other dreams show about it and their own meaning, which the next reading uses first.
 */
export function DreamSymbolMeanings({ dreamId }: { dreamId: number }) {
  const lexicon = useDreamLexicon(dreamId);
  if (lexicon.isPending) return <Skeleton className="h-24" aria-label="Loading your symbols" />;
  if (lexicon.isError || !lexicon.data.entries.length) return null;
  return (
    <Card role="region" aria-labelledby="dream-symbol-meanings">
      <h2 id="dream-symbol-meanings" className="text-lg font-semibold text-white">
        Your symbols in this dream
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        What a symbol means to you comes before its general meaning in your next reading. Only you see it.{' '}
        <Link className="text-dream-300 hover:underline" to={paths.mySymbols}>
          All my symbols
        </Link>
      </p>
      <ul className="mt-4 grid gap-4">
        {lexicon.data.entries.map((entry) => (
          <li key={entry.symbol} className="border-t border-night-700 pt-3">
            <h3 className="font-medium capitalize text-white">{entry.symbol}</h3>
            <PersonalMeaningEditor symbol={entry.symbol} entry={entry} showLearned />
          </li>
        ))}
      </ul>
    </Card>
  );
}
