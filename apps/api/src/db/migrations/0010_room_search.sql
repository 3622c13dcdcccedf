-- Finding a stay by place (docs/decisions/027-search.md): a room's location and title, folded to lower case
-- without accents, matched by trigram word similarity so that 'sao paulo' finds 'São Paulo' and 'lisbn' finds
-- 'Lisbon'. Both extensions are trusted: a database owner may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() alone is only STABLE (it reads its dictionary by name at each call); naming the dictionary in a
-- SQL-standard body binds it once, so the fold can be IMMUTABLE and indexed. Searches call the same function.
CREATE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, $1));
--> statement-breakpoint
CREATE INDEX "rooms_search_idx" ON "rooms" USING gin (search_fold("location" || ' ' || "title") gin_trgm_ops)
  WHERE "deleted_at" IS NULL;
