export { MarbleAvatar, AVATAR_SIZES, type AvatarSize } from './marble-avatar';
export { AnonymousAvatar, anonymousClass, ANONYMOUS_CLASSES } from './anonymous-avatar';
export type { AvatarFields } from '@common/schemas/users';
