import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dreamWhenText, hasTimePeriod, recordedText } from '@common/dream-text';
import type { Dream } from '@common/schemas/dreams';
import { paths } from '@common/paths';
import { Skeleton } from '@app/components/ui/misc';
import { cn } from '@app/lib/cn';
import { TagChips } from './tag-chips';

/**
 * A dream in a list. The title's link stretches over the whole card (click anywhere opens the dream);
 * the tag chips sit above it and filter the journal by their tag. `preview` replaces the narrative's
 * opening (search results show the matching snippet there). Its title is a heading one level below
 * the list's own: h2 under the Journal's h1, h3 under Home's "Recent Dreams" h2.
 */
export function DreamCard({
  dream,
  className,
  preview,
  headingLevel = 3,
}: {
  dream: Dream;
  className?: string;
  preview?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      aria-label={dream.title}
      className={cn(
        'group relative rounded-2xl border border-night-600/70 bg-night-900/75 p-5 transition-colors focus-within:border-dream-400/60 hover:border-dream-400/60 hover:bg-night-800/80',
        className,
      )}
    >
      <Heading className="text-lg font-semibold text-white group-hover:text-dream-300">
        <Link
          to={paths.dream(dream.id)}
          className="rounded wrap-anywhere after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-aurora-300"
        >
          {dream.title}
        </Link>
      </Heading>
      <p className="mt-2 line-clamp-2 text-sm text-slate-300 wrap-anywhere">{preview ?? dream.narrative}</p>
      <TagChips tags={dream.tags} className="mt-3" />
      <p className="mt-3 flex flex-wrap justify-between gap-2 text-xs text-slate-400">
        <span>{dreamWhenText(dream)}</span>
        {hasTimePeriod(dream) ? <span>{recordedText(dream.createdAt, 'relative')}</span> : null}
      </p>
    </article>
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
