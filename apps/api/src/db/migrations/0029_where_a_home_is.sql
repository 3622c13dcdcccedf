ALTER TABLE "rooms" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "area_latitude" double precision;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "area_longitude" double precision;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "arrival_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_position" CHECK (("rooms"."latitude" is null) = ("rooms"."longitude" is null) and ("rooms"."latitude" is null) = ("rooms"."area_latitude" is null) and ("rooms"."latitude" is null) = ("rooms"."area_longitude" is null) and "rooms"."latitude" between -90 and 90 and "rooms"."longitude" between -180 and 180 and "rooms"."area_latitude" between -90 and 90 and "rooms"."area_longitude" between -180 and 180);--> statement-breakpoint
-- Searching near a place or on the map (docs/decisions/051-where-a-home-is.md): the public circle's centre as a
-- point (x longitude, y latitude), so a box of latitudes and longitudes is one GiST range scan, on PGlite as on a
-- PostgreSQL server without PostGIS. Searches write the same expression.
CREATE INDEX "rooms_area_idx" ON "rooms" USING gist (point("area_longitude", "area_latitude"))
  WHERE "deleted_at" IS NULL AND "area_latitude" IS NOT NULL;
