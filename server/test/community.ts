import type { CommentItem, FeedItem } from '@common/schemas/social';
import type { ApiClient } from './app';

/** Test helpers for the community: a dream of the user's, shared; a comment on a shared dream. */

let counter = 0;

export async function recordDream(client: ApiClient, title = 'Flying over the harbour'): Promise<number> {
  counter += 1;
  const res = await client.post<{ id: number }>('/api/dreams', {
    title: `${title} ${counter}`,
    narrative: 'I was flying over a harbour at night and the boats were lanterns.',
    tags: ['flying'],
  });
  if (res.status !== 201) throw new Error(`recordDream: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function shareDream(
  client: ApiClient,
  options: { isAnonymous?: boolean; title?: string; content?: string; dreamId?: number } = {},
): Promise<FeedItem> {
  const dreamId = options.dreamId ?? (await recordDream(client));
  const res = await client.post<FeedItem>('/api/social/share-dream', {
    dreamId,
    title: options.title ?? `Shared dream ${dreamId}`,
    content: options.content ?? 'The boats were lanterns and the sea was warm.',
    interpretation: null,
    tags: ['flying', 'sea'],
    isAnonymous: options.isAnonymous ?? false,
  });
  if (res.status !== 201) throw new Error(`shareDream: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function addComment(
  client: ApiClient,
  sharedDreamId: number,
  options: { isAnonymous?: boolean; content?: string } = {},
): Promise<CommentItem> {
  const res = await client.post<CommentItem>('/api/social/comments', {
    sharedDreamId,
    content: options.content ?? 'Lovely image, the lantern boats.',
    isAnonymous: options.isAnonymous ?? false,
  });
  if (res.status !== 201) throw new Error(`addComment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
