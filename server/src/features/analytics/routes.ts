import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarSchema,
  lucidFrequencySchema,
  onThisDaySchema,
  statsSchema,
  timeZoneQuerySchema,
  topTagsQuerySchema,
  topTagsResponseSchema,
} from '@common/schemas/analytics';
import { messageSchema } from '@common/schemas/message';
import { dreamSignsResponseSchema, dreamSignWordsResponseSchema } from '@common/schemas/dream-signs';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { currentUser } from '../../auth/guards';
import { sendSerialized, serialize } from '../../lib/serialized';
import { dreamSigns, dreamSignWords } from './dream-signs';
import { analyticsCacheFor } from './cache';
import { calendar, dayKey, lucidFrequency, onThisDay, stats, topTags } from './service';

export async function analyticsRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine },
): Promise<void> {
  const { db, engine } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = analyticsCacheFor(db);

  /**
   * A figure from the per-user cache, kept as the JSON the route's own serialiser made, so a hit
   * costs no serialisation. `keep` false: answered but not kept (dream signs still being completed).
   */
  async function sendCached<T>(
    reply: FastifyReply,
    userId: number,
    key: string,
    compute: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<FastifyReply> {
    const entry = await cache.get(
      userId,
      key,
      async () => {
        const value = await compute();
        return { body: serialize(reply, value), keep: keep(value) };
      },
      (made) => made.keep,
    );
    return sendSerialized(reply, entry.body);
  }

  r.get(
    '/api/analytics/dream-signs',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Your recurring symbols and motifs (dream signs) with counts, first/last seen and the dreams they appear in',
        response: { 200: dreamSignsResponseSchema, 401: messageSchema },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      return sendCached(
        reply,
        id,
        'dream-signs',
        () => dreamSigns(db, engine, id),
        (answer) => answer.pending === 0,
      );
    },
  );

  r.get(
    '/api/analytics/dream-signs/words',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Your recurring symbols with the words your dreams used for them, for highlighting dream signs while you write',
        response: { 200: dreamSignWordsResponseSchema, 401: messageSchema },
      },
    },
    async (request) => ({ words: await dreamSignWords(db, engine, currentUser(request).id) }),
  );

  r.get(
    '/api/analytics/top-tags',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Your most used tags with how many of your dreams carry each, most frequent first',
        querystring: topTagsQuerySchema,
        response: { 200: topTagsResponseSchema, 400: messageSchema, 401: messageSchema },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { limit } = request.query;
      return sendCached(reply, id, `top-tags|${limit}`, () => topTags(db, id, limit));
    },
  );

  const zoned = { 400: messageSchema, 401: messageSchema };

  r.get(
    '/api/analytics/stats',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Your totals: dreams, lucid dreams, intentions, intention success (%) and the current streak of days with a dream; days in ?timeZone (IANA, default UTC)',
        querystring: timeZoneQuerySchema,
        response: { 200: statsSchema, ...zoned },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return sendCached(reply, id, `stats|${dayKey(timeZone)}`, () => stats(db, id, timeZone));
    },
  );

  r.get(
    '/api/analytics/lucid-frequency',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Your dreams tagged "lucid" by weekday, Mon … Sun (seven entries); weekdays in ?timeZone',
        querystring: timeZoneQuerySchema,
        response: { 200: lucidFrequencySchema, ...zoned },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return sendCached(reply, id, `lucidFrequency|${dayKey(timeZone)}`, () => lucidFrequency(db, id, timeZone));
    },
  );

  r.get(
    '/api/analytics/calendar',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Dreams per day over the last 12 weeks (days with dreams only) and your today, in ?timeZone',
        querystring: timeZoneQuerySchema,
        response: { 200: calendarSchema, ...zoned },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return sendCached(reply, id, `calendar|${dayKey(timeZone)}`, () => calendar(db, id, timeZone));
    },
  );

  r.get(
    '/api/analytics/on-this-day',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Your dreams from this day of the month in earlier months and years, newest first; days in ?timeZone',
        querystring: timeZoneQuerySchema,
        response: { 200: onThisDaySchema, ...zoned },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return sendCached(reply, id, `onThisDay|${dayKey(timeZone)}`, () => onThisDay(db, id, timeZone));
    },
  );
}
