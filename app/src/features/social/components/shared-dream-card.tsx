import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatShortDate } from '@common/dream-text';
import { COMMUNITY } from '@common/limits';
import { paths } from '@common/paths';
import type { FeedItem } from '@common/schemas/social';
import { LikeButton } from './like-button';
import { PosterAvatar, posterName } from './poster';
import { HiddenBadge, SharedTags } from './shared-bits';

/** A shared dream in the feed: poster, title, content cut at 200 characters with Read more, tags, counts. */
export function SharedDreamCard({ item }: { item: FeedItem }) {
  const { sharedDream: d } = item;
  const [expanded, setExpanded] = useState(false);
  const long = d.content.length > COMMUNITY.cardTruncate;
  const text = long && !expanded ? `${d.content.slice(0, COMMUNITY.cardTruncate).trimEnd()}…` : d.content;
  return (
    <article
      aria-label={d.title}
      className="rounded-2xl border border-night-600/70 bg-night-900/75 p-5"
      data-testid="shared-dream-card"
    >
      <header className="flex items-center gap-3">
        <PosterAvatar user={item.user} seed={`dream-${d.id}`} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-100">{posterName(item.user)}</p>
          <p className="text-xs text-slate-400">{formatShortDate(d.createdAt)}</p>
        </div>
        {d.isHidden ? <HiddenBadge className="ml-auto" /> : null}
      </header>
      <h2 className="mt-3 text-lg font-semibold text-white wrap-anywhere">
        <Link
          to={paths.sharedDream(d.id)}
          className="rounded hover:text-dream-300 focus-visible:outline-2 focus-visible:outline-aurora-300"
        >
          {d.title}
        </Link>
      </h2>
      <p className="mt-2 whitespace-pre-wrap text-sm text-slate-300 wrap-anywhere">{text}</p>
      {long ? (
        <button
          type="button"
          className="mt-1 rounded text-sm text-dream-300 hover:underline focus-visible:outline-2 focus-visible:outline-aurora-300"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </button>
      ) : null}
      <SharedTags tags={d.tags} className="mt-3" />
      <footer className="mt-3 flex items-center gap-2 text-sm text-slate-300">
        <LikeButton item={item} />
        <Link
          to={paths.sharedDream(d.id)}
          className="inline-flex items-center gap-1.5 rounded px-2 py-1 hover:text-white focus-visible:outline-2 focus-visible:outline-aurora-300"
          aria-label={`${item.commentCount} ${item.commentCount === 1 ? 'comment' : 'comments'}`}
        >
          <MessageCircle aria-hidden className="h-4 w-4" /> {item.commentCount}
        </Link>
      </footer>
    </article>
  );
}
