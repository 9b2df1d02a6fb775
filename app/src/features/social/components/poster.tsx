import type { Poster } from '@common/schemas/social';
import { AnonymousAvatar, MarbleAvatar, type AvatarSize } from '@app/components/marble';

export const ANONYMOUS_NAME = 'Anonymous Dreamer';

export const posterName = (user: Poster | null): string => user?.username ?? ANONYMOUS_NAME;

/**
 * Who posted a shared dream or comment: their marble, or "AD" on a colour chosen by the item's own id
 * when the server withheld the poster (anonymous) — nothing of the poster is known to pick it by.
 */
export function PosterAvatar({ user, seed, size }: { user: Poster | null; seed: string; size: AvatarSize }) {
  if (!user) return <AnonymousAvatar seed={seed} size={size} />;
  return <MarbleAvatar avatar={user} size={size} label={`${user.username}'s marble avatar`} />;
}
