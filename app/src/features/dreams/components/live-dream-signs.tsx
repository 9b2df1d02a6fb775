import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { REALITY_CHECKS } from '@common/dream-signs-classic';
import { paths } from '@common/paths';
import { useDreamSignWords } from '@app/features/analytics/api';
import { contextOf, matchDreamSigns } from '../live-signs';

/** How long typing must pause before the signs are looked for again. */
const PAUSE_MS = 600;

const checkTitle = new Map(REALITY_CHECKS.map((c) => [c.id, c.title]));

/**
 * Under the dream description: the dream signs in what the dreamer has written so far (their own
 * recurring signs and the classic ones), each highlighted in a few words of context with a short
 * note and a link to its reality check. Matching runs in the browser after a pause in typing, on
 * the user's signs fetched once, so typing is never held up.
 */
export function LiveDreamSigns({ text, enabled }: { text: string; enabled: boolean }) {
  const words = useDreamSignWords(enabled);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const matches = useMemo(() => matchDreamSigns(settled, words.data ?? []), [settled, words.data]);

  return (
    <section aria-labelledby="live-dream-signs-title" aria-live="polite" className="min-w-0">
      {matches.length ? (
        <div className="rounded-lg border border-aurora-400/30 bg-night-900/60 p-3 text-sm">
          <h3 id="live-dream-signs-title" className="font-medium text-aurora-200">
            Dream signs in what you wrote
          </h3>
          <ul className="mt-2 grid gap-2">
            {matches.map((m) => {
              const { before, after } = contextOf(settled, m);
              return (
                <li key={m.id} data-testid="live-dream-sign" className="min-w-0 wrap-anywhere">
                  <span className="text-slate-300">
                    {before}
                    <mark className="rounded bg-aurora-300/30 px-0.5 text-white">{m.word}</mark>
                    {after}
                  </span>
                  <span className="block text-xs text-slate-400">
                    {m.kind === 'personal' ? `${m.label}: ` : ''}
                    {m.note}{' '}
                    <Link
                      to={`${paths.mySymbols}#check-${m.check}`}
                      target="_blank"
                      rel="noreferrer"
                      className="text-dream-300 underline-offset-2 hover:underline"
                    >
                      Reality check: {checkTitle.get(m.check) ?? 'how to test'}
                    </Link>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <h3 id="live-dream-signs-title" className="sr-only">
          Dream signs in what you wrote: none yet
        </h3>
      )}
    </section>
  );
}
