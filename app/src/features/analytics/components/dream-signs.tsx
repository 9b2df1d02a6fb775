import { Link } from 'react-router';
import { paths } from '@common/paths';
import { useDreamSigns } from '../api';
import { Panel } from './panel';

const SIGNS_SHOWN = 8;
const DREAMS_PER_SIGN = 6;

/** Insights: recurring symbols and motifs the engine found, each linking to the dreams it came from. */
export function DreamSignsPanel() {
  const signs = useDreamSigns();
  const list = signs.data?.signs.slice(0, SIGNS_SHOWN) ?? [];
  return (
    <Panel
      id="dream-signs"
      title="Dream Signs"
      description="Symbols and motifs that keep coming back: spot one in a dream and you may realise you are dreaming"
      loading={signs.isPending}
      error={signs.error}
      errorTitle="Error loading dream signs"
    >
      {list.length ? (
        <ul className="grid gap-3">
          {list.map((sign) => (
            <li key={`${sign.kind}:${sign.key}`} className="grid gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 font-medium text-white">{sign.label}</span>
                <span className="shrink-0 text-xs text-slate-400">
                  {sign.kind} · {sign.count} {sign.count === 1 ? 'dream' : 'dreams'}
                </span>
              </div>
              <ul className="flex flex-wrap gap-1.5" aria-label={`Dreams with ${sign.label}`}>
                {sign.dreamIds.slice(0, DREAMS_PER_SIGN).map((id, i) => (
                  <li key={id}>
                    <Link
                      to={paths.dream(id)}
                      aria-label={`Open dream ${i + 1} with ${sign.label}`}
                      className="inline-flex min-h-6 items-center rounded-full border border-night-600 px-2 text-xs text-dream-300 hover:border-dream-300"
                    >
                      Dream {i + 1}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-300">
          No recurring signs yet: they appear once a symbol or motif shows up in more than one dream.
        </p>
      )}
    </Panel>
  );
}
