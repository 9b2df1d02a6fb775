import { useNavigate } from 'react-router';
import { tagSearchText } from '@common/dream-constants';
import { paths } from '@common/paths';
import { cn } from '@app/lib/cn';

/**
 * A dream's tags as buttons: each shows the journal filtered by that tag (/journal?q=%23tag). They sit
 * above a card's stretched link, so a tag filters instead of opening the dream.
 */
export function TagChips({ tags, className }: { tags: readonly string[]; className?: string }) {
  const navigate = useNavigate();
  if (!tags.length) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="min-w-0 max-w-full">
          <button
            type="button"
            aria-label={`Show dreams tagged ${tag}`}
            onClick={() => void navigate(paths.journalSearch(tagSearchText(tag)))}
            className="relative z-10 inline-flex min-h-6 max-w-full items-center rounded-full border border-dream-400/40 bg-dream-600/20 px-2.5 py-0.5 text-xs font-medium text-dream-300 wrap-anywhere hover:border-dream-300 hover:bg-dream-600/40 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-aurora-300"
          >
            {tag}
          </button>
        </li>
      ))}
    </ul>
  );
}
