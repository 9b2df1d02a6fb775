import { Link } from 'react-router';
import { dreamWhenText, hasTimePeriod, recordedText } from '@common/dream-text';
import type { Dream } from '@common/schemas/dreams';
import { paths } from '@common/paths';
import { Badge, Skeleton } from '@app/components/ui/misc';
import { cn } from '@app/lib/cn';

/**
 * A dream in a list. Its title is a heading one level below the list's own: h2 under the Journal's h1,
 * h3 under Home's "Recent Dreams" h2.
 */
export function DreamCard({
  dream,
  className,
  headingLevel = 3,
}: {
  dream: Dream;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link
      to={paths.dream(dream.id)}
      className={cn(
        'group block rounded-2xl border border-night-600/70 bg-night-900/75 p-5 transition-colors hover:border-dream-400/60 hover:bg-night-800/80',
        className,
      )}
    >
      <article aria-label={dream.title}>
        <Heading className="text-lg font-semibold text-white group-hover:text-dream-300">{dream.title}</Heading>
        <p className="mt-2 line-clamp-2 text-sm text-slate-300">{dream.narrative}</p>
        {dream.tags.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
            {dream.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-3 flex flex-wrap justify-between gap-2 text-xs text-slate-400">
          <span>{dreamWhenText(dream)}</span>
          {hasTimePeriod(dream) ? <span>{recordedText(dream.createdAt, 'relative')}</span> : null}
        </p>
      </article>
    </Link>
  );
}

export function DreamCardSkeleton() {
  return (
    <div className="rounded-2xl border border-night-600/50 bg-night-900/60 p-5" data-testid="dream-skeleton">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-5/6" />
      <Skeleton className="mt-4 h-3 w-1/3" />
    </div>
  );
}
