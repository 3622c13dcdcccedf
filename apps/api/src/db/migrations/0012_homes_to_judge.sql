CREATE TYPE "public"."review_side" AS ENUM('guest', 'host');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"user_id" text,
	"review_id" uuid,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"side" "review_side" NOT NULL,
	"rating" integer NOT NULL,
	"cleanliness" integer,
	"accuracy" integer,
	"communication" integer,
	"location" integer,
	"check_in" integer,
	"value" integer,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp (3) with time zone,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"hidden_at" timestamp (3) with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_categories" CHECK (("reviews"."side" = 'guest' and "reviews"."cleanliness" between 1 and 5 and "reviews"."accuracy" between 1 and 5
        and "reviews"."communication" between 1 and 5 and "reviews"."location" between 1 and 5 and "reviews"."check_in" between 1 and 5
        and "reviews"."value" between 1 and 5)
      or ("reviews"."side" = 'host' and "reviews"."cleanliness" is null and "reviews"."accuracy" is null and "reviews"."communication" is null
        and "reviews"."location" is null and "reviews"."check_in" is null and "reviews"."value" is null)),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") between 20 and 2000),
	CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 2000),
	CONSTRAINT "reviews_reply_published" CHECK ("reviews"."reply" is null or ("reviews"."published_at" is not null and "reviews"."side" = 'guest')),
	CONSTRAINT "reviews_hidden_reason" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"url" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "amenities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "check_in_time" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "check_out_time" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "house_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "cleanliness_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "accuracy_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "communication_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "location_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "check_in_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "value_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_side_key" ON "reviews" USING btree ("booking_id","side");--> statement-breakpoint
CREATE INDEX "reviews_room_published_idx" ON "reviews" USING btree ("room_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."side" = 'guest' and "reviews"."published_at" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_unpublished_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."published_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_check_out_idx" ON "bookings" USING btree ("check_out") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "rooms_photos_idx" ON "rooms" USING gin ("photos");--> statement-breakpoint
CREATE INDEX "rooms_amenities_idx" ON "rooms" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "users_requested_idx" ON "users" USING btree ("created_at") WHERE "users"."status" = 'Requested';--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
-- Every room so far has one photo, its cover.
UPDATE "rooms" SET "photos" = ARRAY["image"];--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_photos_cover" CHECK (cardinality("rooms"."photos") between 1 and 10 and "rooms"."photos"[1] = "rooms"."image");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_check_in_time" CHECK ("rooms"."check_in_time" is null or "rooms"."check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_check_out_time" CHECK ("rooms"."check_out_time" is null or "rooms"."check_out_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_review_count" CHECK ("rooms"."review_count" >= 0);