import type { Comment, CommentItem, FeedItem, Poster } from '@common/schemas/social';
import { users } from '../../db/schema';
import { isAuthor, maySeePoster, type Viewer } from './policy';

/** The user columns a poster is made of (never the email, the password or a role flag). */
export const posterColumns = {
  posterId: users.id,
  username: users.username,
  avatarColor: users.avatarColor,
  avatarElement: users.avatarElement,
  avatarSymbol: users.avatarSymbol,
  hairColor: users.hairColor,
  eyeColor: users.eyeColor,
  profileImageUrl: users.profileImageUrl,
};

type PosterRow = {
  posterId: number;
  username: string;
  avatarColor: string;
  avatarElement: string;
  avatarSymbol: string;
  hairColor: string;
  eyeColor: string;
  profileImageUrl: string | null;
};

/** The poster, or null when the item is anonymous and the reader may not know who wrote it. */
export function presentPoster(
  viewer: Viewer,
  item: { userId: number; isAnonymous: boolean },
  row: PosterRow,
): Poster | null {
  if (!maySeePoster(viewer, item)) return null;
  return {
    id: row.posterId,
    username: row.username,
    avatarColor: row.avatarColor,
    avatarElement: row.avatarElement,
    avatarSymbol: row.avatarSymbol,
    hairColor: row.hairColor,
    eyeColor: row.eyeColor,
    profileImageUrl: row.profileImageUrl,
  };
}

export type FeedRow = PosterRow & {
  id: number;
  userId: number;
  title: string;
  content: string;
  interpretation: string | null;
  tags: string[];
  createdAt: Date;
  isAnonymous: boolean;
  isHidden: boolean;
  likeCount: number;
  commentCount: number;
  userHasLiked: boolean;
};

export function presentFeedItem(viewer: Viewer, row: FeedRow): FeedItem {
  return {
    sharedDream: {
      id: row.id,
      title: row.title,
      content: row.content,
      interpretation: row.interpretation,
      tags: row.tags,
      createdAt: row.createdAt.toISOString(),
      isAnonymous: row.isAnonymous,
      isHidden: row.isHidden,
      isOwner: isAuthor(viewer, row),
    },
    user: presentPoster(viewer, row, row),
    likeCount: Number(row.likeCount),
    commentCount: Number(row.commentCount),
    userHasLiked: Boolean(row.userHasLiked),
  };
}

export type CommentRow = PosterRow & {
  id: number;
  sharedDreamId: number;
  userId: number;
  content: string;
  isAnonymous: boolean;
  isHidden: boolean;
  createdAt: Date;
};

export function presentComment(viewer: Viewer, row: CommentRow): CommentItem {
  const comment: Comment = {
    id: row.id,
    sharedDreamId: row.sharedDreamId,
    content: row.content,
    isAnonymous: row.isAnonymous,
    isHidden: row.isHidden,
    isOwner: isAuthor(viewer, row),
    createdAt: row.createdAt.toISOString(),
  };
  return { comment, user: presentPoster(viewer, row, row) };
}
