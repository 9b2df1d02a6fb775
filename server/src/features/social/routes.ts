import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@common/schemas/message';
import { idParamsSchema } from '@common/schemas/dreams';
import {
  commentBodySchema,
  commentItemSchema,
  commentListSchema,
  feedItemSchema,
  feedQuerySchema,
  feedResponseSchema,
  likeBodySchema,
  likeResultSchema,
  shareDreamBodySchema,
  sharedStatusSchema,
} from '@common/schemas/social';
import type { Database } from '../../db/client';
import { currentUser } from '../../auth/guards';
import { loadDream } from '../dreams/policy';
import { loadComment, loadSharedDream, sharedDreamNotFound } from './policy';
import { sendSerialized, serialize } from '../../lib/serialized';
import {
  addComment,
  communityFeed,
  deleteComment,
  deleteSharedDream,
  feedItem,
  feedPage,
  listComments,
  report,
  setLike,
  shareDream,
  sharedStatus,
} from './service';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };
const tags = ['social'];

/** What a signed-out visitor may read too (decisions page: public read), so a copied share link works. */
export async function socialPublicRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/social/dream-feed',
    {
      schema: {
        tags,
        summary: 'One page of the community feed, newest first (public)',
        querystring: feedQuerySchema,
        response: { 200: feedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await communityFeed(db, request.user, request.query);
      if ('body' in answer) return sendSerialized(reply, answer.body);
      if (!answer.keepBody) return answer.response;
      const body = serialize(reply, answer.response);
      answer.keepBody(body);
      return sendSerialized(reply, body);
    },
  );

  r.get(
    '/api/social/shared-dream/:id',
    {
      schema: {
        tags,
        summary: 'One shared dream with its poster, likes and comment count (public)',
        params: idParamsSchema,
        response: { 200: feedItemSchema, ...errors },
      },
    },
    async (request) => {
      const item = await feedItem(db, request.user, request.params.id);
      if (!item) throw sharedDreamNotFound();
      return item;
    },
  );

  r.get(
    '/api/social/shared-dream/:id/comments',
    {
      schema: {
        tags,
        summary: 'The comments of a shared dream, oldest first (public)',
        params: idParamsSchema,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request) => {
      const dream = await loadSharedDream(db, request.user, request.params.id, 'read');
      return { comments: await listComments(db, request.user, dream.id) };
    },
  );
}

/** Sharing, likes, comments and reports: signed-in users (registered in the signed-in scope). */
export async function socialRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/social/my-shared-dreams',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s own shares, as feed items',
        querystring: feedQuerySchema,
        response: { 200: feedResponseSchema, ...errors },
      },
    },
    async (request) => feedPage(db, currentUser(request), { ...request.query, mine: true }),
  );

  r.get(
    '/api/social/dream/:id/shared-status',
    {
      schema: {
        tags,
        summary: 'Whether the user’s dream is shared, and as which shared dream',
        params: idParamsSchema,
        response: { 200: sharedStatusSchema, ...errors },
      },
    },
    async (request) => {
      const dream = await loadDream(db, currentUser(request), request.params.id, 'read');
      return sharedStatus(db, dream.id);
    },
  );

  r.post(
    '/api/social/share-dream',
    {
      schema: {
        tags,
        summary: 'Share one of the user’s own dreams (optionally anonymously)',
        body: shareDreamBodySchema,
        response: { 201: feedItemSchema, ...errors, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { dreamId, userId: _ignored, ...input } = request.body;
      const dream = await loadDream(db, user, dreamId, 'read');
      return reply.code(201).send(await shareDream(db, user, dream.id, input));
    },
  );

  r.delete(
    '/api/social/shared-dream/:id',
    {
      schema: {
        tags,
        summary: 'Unshare (its author) or remove (an admin) a shared dream',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const dream = await loadSharedDream(db, currentUser(request), request.params.id, 'delete');
      await deleteSharedDream(db, dream);
      return { message: 'Dream unshared' };
    },
  );

  r.post(
    '/api/social/like',
    {
      schema: {
        tags,
        summary: 'Toggle the like, or set it with `liked` (idempotent)',
        body: likeBodySchema,
        response: { 200: likeResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const dream = await loadSharedDream(db, user, request.body.sharedDreamId, 'like');
      return setLike(db, user, dream.id, request.body.liked);
    },
  );

  r.post(
    '/api/social/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a shared dream (optionally anonymously)',
        body: commentBodySchema,
        response: { 201: commentItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const dream = await loadSharedDream(db, user, request.body.sharedDreamId, 'comment');
      const item = await addComment(db, user, dream.id, request.body);
      return reply.code(201).send(item);
    },
  );

  r.delete(
    '/api/social/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment (its author or an admin)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const comment = await loadComment(db, currentUser(request), request.params.id, 'delete');
      await deleteComment(db, comment);
      return { message: 'Comment deleted' };
    },
  );

  r.post(
    '/api/social/report/dream/:id',
    {
      schema: {
        tags,
        summary: 'Report another user’s shared dream (once per user)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors, 409: messageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const dream = await loadSharedDream(db, user, request.params.id, 'report');
      await report(db, user, { kind: 'dream', id: dream.id });
      return { message: 'Dream reported' };
    },
  );

  r.post(
    '/api/social/report-comment/:id',
    {
      schema: {
        tags,
        summary: 'Report another user’s comment (once per user)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors, 409: messageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const comment = await loadComment(db, user, request.params.id, 'report');
      await report(db, user, { kind: 'comment', id: comment.id });
      return { message: 'Comment reported' };
    },
  );
}
