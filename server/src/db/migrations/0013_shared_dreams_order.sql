-- The community feed, newest first, for a signed-in reader: "not hidden, or mine" cannot use the
-- (is_hidden, created_at, id) index in order, so without this one every page sorted all shared dreams.
-- Scanned backwards, it yields the newest readable shares first and stops after a page.
CREATE INDEX IF NOT EXISTS "shared_dreams_created_idx" ON "shared_dreams" USING btree ("created_at","id");
