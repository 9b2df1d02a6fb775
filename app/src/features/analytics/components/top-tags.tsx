import { Link } from 'react-router';
import { tagSearchText } from '@common/dream-constants';
import { MSG } from '@common/messages';
import { paths } from '@common/paths';
import { useTopTags } from '../api';
import { Panel } from './panel';

/** The user's top tags with counts, each opening the journal filtered by it (Insights: 5, Profile: 3). */
export function TopTagsPanel({ limit, title, id }: { limit: number; title: string; id: string }) {
  const top = useTopTags(limit);
  const max = Math.max(1, ...(top.data ?? []).map((t) => t.count));
  return (
    <Panel id={id} title={title} loading={top.isPending} error={top.error} errorTitle="Error loading tags">
      {top.data?.length ? (
        <ol className="grid gap-2" aria-label={title}>
          {top.data.map((t) => (
            <li key={t.tag} className="grid gap-1">
              <div className="flex items-center justify-between gap-3 text-sm">
                <Link
                  to={paths.journalSearch(tagSearchText(t.tag))}
                  className="min-w-0 truncate text-dream-300 hover:underline"
                >
                  #{t.tag}
                </Link>
                <span className="shrink-0 text-slate-300">
                  {t.count} {t.count === 1 ? 'dream' : 'dreams'}
                </span>
              </div>
              <div aria-hidden className="h-1.5 rounded-full bg-night-700">
                <div className="h-full rounded-full bg-aurora-400" style={{ width: `${(t.count / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-300">{MSG.noTagsYet}</p>
      )}
    </Panel>
  );
}
