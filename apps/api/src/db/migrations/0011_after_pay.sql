CREATE TYPE "public"."cancellation_policy" AS ENUM('flexible', 'moderate', 'strict');--> statement-breakpoint
CREATE TABLE "calendar_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	CONSTRAINT "calendar_blocks_order" CHECK ("calendar_blocks"."check_in" < "calendar_blocks"."check_out")
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"url" text NOT NULL,
	"last_fetched_at" timestamp (3) with time zone,
	"last_synced_at" timestamp (3) with time zone,
	"last_error" text,
	"block_count" integer DEFAULT 0 NOT NULL,
	"next_fetch_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kept_cents" bigint;--> statement-breakpoint
-- What each stay brought in: a confirmed stay its total; a cancelled one what its payment kept after refunds.
UPDATE "bookings" b SET "kept_cents" = CASE
  WHEN b."status" = 'confirmed' THEN b."total_cents"
  ELSE coalesce((SELECT greatest(0, least(b."total_cents", p."amount_cents" - p."refunded_cents")) FROM "payments" p
                 WHERE p."id" = b."payment_id" AND p."status" IN ('succeeded', 'refunded')), 0)
END;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "kept_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" "cancellation_policy" DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reference" text;--> statement-breakpoint
-- Stays booked before references existed get one derived from their id; new ones are drawn at random.
UPDATE "bookings" SET "reference" = 'SB-' || upper(substr(md5("id"::text), 1, 4)) || '-' || upper(substr(md5("id"::text), 5, 4));--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_refund_cents" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancellation_policy" "cancellation_policy" DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "cancellation_policy" "cancellation_policy" DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_blocks_import_idx" ON "calendar_blocks" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "calendar_blocks_room_idx" ON "calendar_blocks" USING btree ("room_id","check_out");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_imports_room_url_key" ON "calendar_imports" USING btree ("room_id","url");--> statement-breakpoint
CREATE INDEX "calendar_imports_due_idx" ON "calendar_imports" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("booking_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("booking_id","sender_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bookings_host_cancelled_idx" ON "bookings" USING btree ("room_id","cancelled_at") WHERE "bookings"."status" = 'cancelled' and "bookings"."cancel_requested_by" = 'host';--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_calendar_token_key" ON "rooms" USING btree ("calendar_token");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reference_format" CHECK ("bookings"."reference" ~ '^SB-[0-9A-Z]{4}-[0-9A-Z]{4}$');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kept_within_total" CHECK ("bookings"."kept_cents" >= 0 and "bookings"."kept_cents" <= "bookings"."total_cents");--> statement-breakpoint
-- Sales are what stays kept (docs/decisions/028): the statistics read kept_cents over every stay that kept money,
-- confirmed or cancelled with a partial refund, still as index-only scans (docs/decisions/016).
DROP INDEX "bookings_confirmed_sales_idx";--> statement-breakpoint
DROP INDEX "bookings_guest_sales_idx";--> statement-breakpoint
DROP INDEX "bookings_room_sales_idx";--> statement-breakpoint
CREATE INDEX "bookings_kept_sales_idx" ON "bookings" USING btree ("created_at") INCLUDE ("kept_cents", "status") WHERE "kept_cents" > 0;--> statement-breakpoint
CREATE INDEX "bookings_guest_sales_idx" ON "bookings" USING btree ("guest_id", "created_at") INCLUDE ("kept_cents", "status") WHERE "kept_cents" > 0;--> statement-breakpoint
CREATE INDEX "bookings_room_sales_idx" ON "bookings" USING btree ("room_id", "created_at") INCLUDE ("kept_cents", "status") WHERE "kept_cents" > 0;--> statement-breakpoint
-- The search's test of a room's imported busy nights, like bookings_no_overlap's for its stays.
CREATE INDEX "calendar_blocks_nights_idx" ON "calendar_blocks" USING gist ("room_id", daterange("check_in", "check_out", '[)'));
