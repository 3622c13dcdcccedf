CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email");--> statement-breakpoint
-- 'Top rated' (modules/rooms/rooms.service.ts, TOP_RATED): rooms with at least three published reviews first, by
-- average then count, then newest; the expressions are the query's, word for word.
CREATE INDEX "rooms_top_rated_idx" ON "rooms" (
  (case when "review_count" >= 3 then 1 else 0 end) DESC NULLS LAST,
  (case when "review_count" >= 3 then "rating_sum"::bigint * 10000 / "review_count" else 0 end) DESC NULLS LAST,
  "review_count" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST
) WHERE "deleted_at" is null;
