import { cn } from '@app/lib/cn';
import { AVATAR_SIZES, type AvatarSize } from './marble-avatar';

/** The eight colour classes an anonymous poster's "AD" disc can take. */
export const ANONYMOUS_CLASSES = [
  'bg-rose-700',
  'bg-orange-700',
  'bg-amber-700',
  'bg-emerald-700',
  'bg-teal-700',
  'bg-sky-700',
  'bg-indigo-600',
  'bg-fuchsia-700',
] as const;

const TEXT_SIZES: Record<AvatarSize, string> = { sm: 'text-xs', md: 'text-sm', lg: 'text-lg', xl: 'text-2xl' };

/** The colour class for a seed: the same post or comment always gets the same colour. */
export function anonymousClass(seed: string | number): string {
  const s = String(seed);
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return ANONYMOUS_CLASSES[h % ANONYMOUS_CLASSES.length] ?? ANONYMOUS_CLASSES[0];
}

/** An anonymous poster: the initials AD on one of eight colours chosen by the seed. */
export function AnonymousAvatar({
  seed,
  size,
  className,
}: {
  seed: string | number;
  size: AvatarSize;
  className?: string;
}) {
  const px = AVATAR_SIZES[size];
  return (
    <span
      role="img"
      aria-label="Anonymous dreamer"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        anonymousClass(seed),
        TEXT_SIZES[size],
        className,
      )}
      style={{ width: px, height: px }}
    >
      <span aria-hidden>AD</span>
    </span>
  );
}
