import type { PublicUser } from '@common/schemas/auth';
import type { UserRow } from '../../db/schema';

/** What leaves the server about a user: everything but the password hash. */
export function presentUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatarColor: user.avatarColor,
    avatarElement: user.avatarElement,
    avatarSymbol: user.avatarSymbol,
    hairColor: user.hairColor,
    eyeColor: user.eyeColor,
    useDefaultAvatar: user.useDefaultAvatar,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}
