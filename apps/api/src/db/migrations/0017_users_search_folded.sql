-- Manage Users finds people by name or e-mail without regard to accents, as the search for a stay finds places:
-- 'jose nunez' finds 'José Núñez'. The trigram index is on the same fold the search applies (search_fold,
-- migration 0010).
DROP INDEX "users_search_idx";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (search_fold("name" || ' ' || "email") gin_trgm_ops);