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
import { dreamSignsResponseSchema } from '@common/schemas/dream-signs';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { currentUser } from '../../auth/guards';
import { dreamSigns } from './dream-signs';
import { calendar, lucidFrequency, onThisDay, stats, topTags } from './service';

export async function analyticsRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine },
): Promise<void> {
  const { db, engine } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    async (request) => dreamSigns(db, engine, currentUser(request).id),
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
    async (request) => topTags(db, currentUser(request).id, request.query.limit),
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
    async (request) => stats(db, currentUser(request).id, request.query.timeZone),
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
    async (request) => lucidFrequency(db, currentUser(request).id, request.query.timeZone),
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
    async (request) => calendar(db, currentUser(request).id, request.query.timeZone),
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
    async (request) => onThisDay(db, currentUser(request).id, request.query.timeZone),
  );
}
