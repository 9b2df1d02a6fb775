-- Search beyond the literal (decision record 5, "Revised: forgiving search").
-- pg_trgm and unaccent ship with PostgreSQL (contrib) and are trusted extensions: the database's owner
-- may create them without being a superuser. IF NOT EXISTS leaves ones an operator made alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Everything below names the extensions' objects through the schema they live in, so an operator may
-- have installed them in a schema of their own. dt_unaccent is unaccent with its dictionary fixed, which
-- makes it IMMUTABLE; dt_english and dt_simple are the english and simple configurations with accents
-- folded away ("café" and "cafe" are one word).
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
  unacc text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent');
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION dt_unaccent(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
    'AS $f$ SELECT %1$I.unaccent(%2$L::regdictionary, input) $f$',
    unacc, format('%I.unaccent', unacc));
  CREATE TEXT SEARCH CONFIGURATION dt_english (COPY = pg_catalog.english);
  EXECUTE format(
    'ALTER TEXT SEARCH CONFIGURATION dt_english ALTER MAPPING FOR hword, hword_part, word WITH %I.unaccent, english_stem',
    unacc);
  CREATE TEXT SEARCH CONFIGURATION dt_simple (COPY = pg_catalog.simple);
  EXECUTE format(
    'ALTER TEXT SEARCH CONFIGURATION dt_simple ALTER MAPPING FOR hword, hword_part, word WITH %I.unaccent, simple',
    unacc);
  -- The words of each user's dreams, for typo-tolerant search (trigram candidates, see dt_similar_terms).
  CREATE TABLE dream_terms (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    term text NOT NULL,
    PRIMARY KEY (user_id, term)
  );
  -- fastupdate off: a search never reads a pending list (which grows with every new word until vacuum).
  EXECUTE format(
    'CREATE INDEX dream_terms_trgm_idx ON dream_terms USING gin (term %I.gin_trgm_ops) WITH (fastupdate = off)',
    trgm);
  -- Terms of the user's dreams that look like each word: up to per_word by trigram similarity (most alike
  -- first), and any that is the word with two neighbouring letters swapped ("fyling": trigrams see little
  -- alike there). With their stems, and whether the word itself is one of the user's terms (every word
  -- has a row; term is null when nothing looks like it). The caller keeps only candidates within a small
  -- edit distance (search-query.ts).
  EXECUTE format($f$
    CREATE FUNCTION dt_similar_terms(uid integer, words text[], per_word integer)
    RETURNS TABLE (word text, normalized text, known boolean, term text, word_stem text, term_stem text)
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $body$
      WITH w AS MATERIALIZED (
        SELECT n.word, n.normalized,
          EXISTS (SELECT 1 FROM dream_terms k WHERE k.user_id = uid AND k.term = n.normalized) AS known
        FROM (SELECT x AS word, lower(dt_unaccent(x)) AS normalized FROM unnest(words) AS x) n
      )
      SELECT w.word, w.normalized, w.known, t.term,
        coalesce((ts_lexize('pg_catalog.english_stem', w.normalized))[1], w.normalized),
        coalesce((ts_lexize('pg_catalog.english_stem', t.term))[1], t.term)
      FROM w
      LEFT JOIN LATERAL (
        (SELECT s.term FROM dream_terms s
          WHERE s.user_id = uid AND s.term OPERATOR(%1$I.%%) w.normalized AND s.term <> w.normalized
          ORDER BY %1$I.similarity(s.term, w.normalized) DESC, s.term
          LIMIT per_word)
        UNION
        SELECT s.term FROM dream_terms s
          WHERE s.user_id = uid AND s.term <> w.normalized AND s.term = ANY (ARRAY(
            SELECT overlay(w.normalized PLACING substr(w.normalized, i + 1, 1) || substr(w.normalized, i, 1) FROM i FOR 2)
            FROM generate_series(1, length(w.normalized) - 1) AS i))
      ) t ON true
    $body$
  $f$, trgm);
END $$;
--> statement-breakpoint
-- The distinct plain words (3 to 40 letters or digits, at least one letter) of a dream's title, narrative and tags.
CREATE FUNCTION dt_dream_terms(title text, narrative text, tags text[]) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT t FROM unnest(tsvector_to_array(to_tsvector('dt_simple',
      coalesce(title, '') || ' ' || coalesce(narrative, '') || ' ' || dt_tags_text(tags)))) AS t
    WHERE length(t) BETWEEN 3 AND 40 AND t ~ '[[:alpha:]]' AND t !~ '[^[:alnum:]]'
  $$;
--> statement-breakpoint
-- New words join the user's list as dreams are written. Words are never taken out: a word no dream
-- holds any longer only costs a candidate that full-text search then finds in no dream.
CREATE FUNCTION dt_collect_inserted_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dream_terms (user_id, term)
    SELECT DISTINCT n.user_id, t FROM new_dreams n, dt_dream_terms(n.title, n.narrative, n.tags) AS t
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dt_collect_updated_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dream_terms (user_id, term)
    SELECT DISTINCT NEW.user_id, t FROM dt_dream_terms(NEW.title, NEW.narrative, NEW.tags) AS t
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dreams_terms_insert AFTER INSERT ON dreams REFERENCING NEW TABLE AS new_dreams
  FOR EACH STATEMENT EXECUTE FUNCTION dt_collect_inserted_terms();
--> statement-breakpoint
CREATE TRIGGER dreams_terms_update AFTER UPDATE OF title, narrative, tags, user_id ON dreams FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.narrative IS DISTINCT FROM NEW.narrative
    OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION dt_collect_updated_terms();
--> statement-breakpoint
INSERT INTO dream_terms (user_id, term)
  SELECT DISTINCT d.user_id, t FROM dreams d, dt_dream_terms(d.title, d.narrative, d.tags) AS t
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The search vector folds accents (dt_english). PostgreSQL before 17 cannot change a generated
-- column's expression, so it is made anew.
DROP INDEX "dreams_search_idx";
--> statement-breakpoint
ALTER TABLE "dreams" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "dreams" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dt_english', coalesce(title, '')), 'A') || setweight(to_tsvector('dt_english', dt_tags_text(tags)), 'A') || setweight(to_tsvector('dt_english', coalesce(narrative, '')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "dreams_search_idx" ON "dreams" USING gin ("search_vector");
--> statement-breakpoint
-- "#tag" in the search box filters by tag. fastupdate off, as for dream_terms: a dream has few tags.
CREATE INDEX "dreams_tags_idx" ON "dreams" USING gin ("tags") WITH (fastupdate = off);
