import { EyeOff } from 'lucide-react';
import { Badge } from '@app/components/ui/misc';
import { cn } from '@app/lib/cn';

/** A shared dream's tags: plain labels (they filter nobody's journal). */
export function SharedTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          <Badge>{t}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Shown to the author and admins on an item hidden by moderation (nobody else receives it). */
export function HiddenBadge({ className }: { className?: string }) {
  return (
    <Badge className={cn('border-amber-400/50 bg-amber-900/40 text-amber-200', className)}>
      <EyeOff aria-hidden className="mr-1 h-3 w-3" /> Hidden
    </Badge>
  );
}
