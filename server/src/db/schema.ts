import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, used by the generated full-text column on dreams. */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

// Indexes list their columns ascending: PostgreSQL scans a btree backwards for "order by … desc",
// and an explicit DESC index would default to NULLS LAST, which does not match "desc" (NULLS FIRST).
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    avatarColor: text('avatar_color').notNull().default('#1E88E5'),
    avatarElement: text('avatar_element').notNull().default('swirl'),
    avatarSymbol: text('avatar_symbol').notNull().default('none'),
    hairColor: text('hair_color').notNull().default('#FDD835'),
    eyeColor: text('eye_color').notNull().default('#FFFFFF'),
    useDefaultAvatar: boolean('use_default_avatar').notNull().default(false),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // There is only ever one super admin: the database enforces it, not just the code.
    uniqueIndex('users_single_super_admin_idx')
      .on(t.isSuperAdmin)
      .where(sql`${t.isSuperAdmin}`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<{ userId: number; createdAt: string }>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

export const intentions = pgTable(
  'intentions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    /** pending | success | failed (common/schemas/intentions.ts); a check constraint keeps it to these. */
    outcome: text('outcome').$type<'pending' | 'success' | 'failed'>().notNull().default('pending'),
    /** Read-only: whether the outcome is success (the spec's completed flag). */
    completed: boolean('completed')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`outcome = 'success'`),
    dreamId: integer('dream_id').references((): AnyPgColumn => dreams.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('intentions_user_date_idx').on(t.userId, t.date, t.id)],
);

export const dreams = pgTable(
  'dreams',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    narrative: text('narrative').notNull(),
    date: timestamp('date', { withTimezone: true }).defaultNow(),
    timePeriod: text('time_period'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    intentionId: integer('intention_id').references(() => intentions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * When the dream's content (title, narrative, date, period, tags, linked intention) last changed.
     * Kept by the dreams_touch trigger: the creation time on insert, now() on a real change only.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('dt_english', coalesce(title, '')), 'A') || setweight(to_tsvector('dt_english', dt_tags_text(tags)), 'A') || setweight(to_tsvector('dt_english', coalesce(narrative, '')), 'B')`,
    ),
    /**
     * Where the dream sits in the journal (migration 0007): its date, or when it was recorded if it
     * has only a time period (its "date" is then the day it was written down, not dreamt). Lists
     * order by (sortAt, createdAt, id), newest first. Never leaves the database.
     */
    sortAt: timestamp('sort_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`CASE WHEN "time_period" IS NULL THEN coalesce("date", "created_at") ELSE "created_at" END`,
      ),
  },
  (t) => [
    index('dreams_user_sort_idx').on(t.userId, t.sortAt, t.createdAt, t.id),
    index('dreams_user_date_idx').on(t.userId, t.date),
    index('dreams_search_idx').using('gin', t.searchVector),
    index('dreams_tags_idx').using('gin', t.tags).with({ fastupdate: false }),
    index('dreams_intention_idx').on(t.intentionId),
  ],
);

export const interpretations = pgTable(
  'interpretations',
  {
    id: serial('id').primaryKey(),
    dreamId: integer('dream_id')
      .notNull()
      .references(() => dreams.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    provider: text('provider').notNull().default('local'),
    /**
     * Why the reading says what it says, recorded when it was written (RecordedEvidence in
     * common/schemas/interpretations.ts, checked on the way out); NULL on readings from before it was kept.
     */
    evidence: jsonb('evidence'),
    createdAt: createdAt(),
  },
  (t) => [index('interpretations_dream_idx').on(t.dreamId, t.createdAt, t.id)],
);

export const sharedDreams = pgTable(
  'shared_dreams',
  {
    id: serial('id').primaryKey(),
    dreamId: integer('dream_id')
      .notNull()
      .references(() => dreams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    interpretation: text('interpretation'),
    isReported: boolean('is_reported').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('shared_dreams_feed_idx').on(t.isHidden, t.createdAt, t.id),
    // A signed-in reader's feed ("not hidden, or mine") in order (migration 0013).
    index('shared_dreams_created_idx').on(t.createdAt, t.id),
    index('shared_dreams_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('shared_dreams_dream_idx').on(t.dreamId),
  ],
);

export const dreamLikes = pgTable(
  'dream_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedDreamId: integer('shared_dream_id')
      .notNull()
      .references(() => sharedDreams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sharedDreamId] }), index('dream_likes_shared_idx').on(t.sharedDreamId)],
);

export const dreamComments = pgTable(
  'dream_comments',
  {
    id: serial('id').primaryKey(),
    sharedDreamId: integer('shared_dream_id')
      .notNull()
      .references(() => sharedDreams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    isReported: boolean('is_reported').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('dream_comments_shared_idx').on(t.sharedDreamId, t.createdAt),
    index('dream_comments_user_idx').on(t.userId),
  ],
);

/** Who reported what, once per user per item. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedDreamId: integer('shared_dream_id').references(() => sharedDreams.id, {
      onDelete: 'cascade',
    }),
    commentId: integer('comment_id').references(() => dreamComments.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_dream_once_idx')
      .on(t.reporterId, t.sharedDreamId)
      .where(sql`${t.sharedDreamId} is not null`),
    uniqueIndex('reports_comment_once_idx')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

export const guidedContent = pgTable(
  'guided_content',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    contentType: text('content_type').notNull(),
    difficulty: text('difficulty').notNull(),
    duration: integer('duration').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('guided_content_title_idx').on(t.title), index('guided_content_type_idx').on(t.contentType)],
);

export const dreamSymbols = pgTable(
  'dream_symbols',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    category: text('category').notNull(),
    meaning: text('meaning').notNull(),
    associations: text('associations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** When someone last asked for this symbol: a seeded entry surfaces in Recently Added once it is used. */
    lastInterpretedAt: timestamp('last_interpreted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dream_symbols_symbol_lower_idx').on(sql`lower(${t.symbol})`),
    index('dream_symbols_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The engine's reading of a dream (symbols and motifs), cached so dream-sign analytics need not
 * re-analyse the whole journal. A changed dream has a different content hash and is re-read.
 */
export const dreamAnalyses = pgTable(
  'dream_analyses',
  {
    dreamId: integer('dream_id')
      .primaryKey()
      .references(() => dreams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of what the analysis was made from (the engine's analysisContentHash). */
    contentHash: text('content_hash').notNull(),
    /** The knowledge base and engine version that made it; another fingerprint is a miss. */
    kbFingerprint: text('kb_fingerprint').notNull(),
    /** The engine's DreamAnalysis as JSON (see server/src/engine/types.ts). */
    analysis: jsonb('analysis').notNull(),
    createdAt: createdAt(),
    /**
     * The dream's updated_at when the analysis was made: SQL tells a current analysis (equal to the
     * dream's updated_at, same fingerprint) from a stale one without hashing narratives. NULL on old rows.
     */
    dreamUpdatedAt: timestamp('dream_updated_at', { withTimezone: true }),
    /** The analysis in brief (features/analytics/analyses.ts summarise): what history-wide queries read. */
    summary: jsonb('summary'),
  },
  (t) => [index('dream_analyses_user_idx').on(t.userId)],
);

/** A dreamer's own meaning for a symbol ("to me, water means…"): private to its owner (features/lexicon). */
export const personalSymbols = pgTable(
  'personal_symbols',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The symbol's name, lower case (a knowledge-base name or the dreamer's own word). */
    symbol: text('symbol').notNull(),
    meaning: text('meaning').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

/**
 * Idempotency-Key records (server/src/lib/idempotency.ts): the first request with a key stores a hash
 * of itself and, in the same transaction as its work, its answer; a repeat gets that answer back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The distinct words of each user's dreams (unaccented, lower case), kept by triggers on dreams
 * (migration 0008), for the typo-tolerant part of search: a trigram index finds words that look alike.
 */
export const dreamTerms = pgTable(
  'dream_terms',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.term] }),
    index('dream_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type DreamRow = typeof dreams.$inferSelect;
export type IntentionRow = typeof intentions.$inferSelect;
export type InterpretationRow = typeof interpretations.$inferSelect;
