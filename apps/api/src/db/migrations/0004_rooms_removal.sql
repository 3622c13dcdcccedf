DROP INDEX "rooms_listing_idx";--> statement-breakpoint
DROP INDEX "rooms_category_listing_idx";--> statement-breakpoint
DROP INDEX "rooms_host_idx";--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "rooms_listing_idx" ON "rooms" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "rooms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rooms_category_listing_idx" ON "rooms" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "rooms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rooms_host_idx" ON "rooms" USING btree ("host_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);