-- array_to_string is only STABLE, and generated columns need IMMUTABLE expressions.
-- Joining a text[] with spaces does not depend on any setting, so this wrapper is safe.
CREATE OR REPLACE FUNCTION dt_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
