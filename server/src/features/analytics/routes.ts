import type { FastifyInstance } from 'fastify';
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
    async (request) => {
      const { id } = currentUser(request);
      return cache.get(
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
    async (request) => {
      const { id } = currentUser(request);
      const { limit } = request.query;
      return cache.get(id, `top-tags|${limit}`, () => topTags(db, id, limit));
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
    async (request) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return cache.get(id, `stats|${dayKey(timeZone)}`, () => stats(db, id, timeZone));
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
    async (request) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return cache.get(id, `lucidFrequency|${dayKey(timeZone)}`, () => lucidFrequency(db, id, timeZone));
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
    async (request) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return cache.get(id, `calendar|${dayKey(timeZone)}`, () => calendar(db, id, timeZone));
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
    async (request) => {
      const { id } = currentUser(request);
      const { timeZone } = request.query;
      return cache.get(id, `onThisDay|${dayKey(timeZone)}`, () => onThisDay(db, id, timeZone));
    },
  );
}
