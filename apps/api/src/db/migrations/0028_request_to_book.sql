ALTER TYPE "public"."booking_status" ADD VALUE 'requested';--> statement-breakpoint
DROP INDEX "bookings_room_confirmed_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_answer" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_answered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_message" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "instant_book" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_room_holding_idx" ON "bookings" USING btree ("room_id","check_out") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_request_waiting_idx" ON "bookings" USING btree ("request_expires_at") WHERE "bookings"."request_expires_at" is not null and "bookings"."request_answer" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_request_answer" CHECK ("bookings"."request_answer" is null or "bookings"."request_answer" in ('accepted', 'declined', 'withdrawn', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_request_waiting" CHECK (("bookings"."status"::text = 'requested') = ("bookings"."request_expires_at" is not null and "bookings"."request_answer" is null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_request_message_length" CHECK (char_length("bookings"."request_message") <= 1000);--> statement-breakpoint
-- A request to book holds its nights as a confirmed stay does (decision 049): both exclusion constraints now cover
-- every booking that is not cancelled, so a request and an instant booking of the same nights race under the same
-- constraint and one wins. Written without the new value, which this migration's transaction may not use yet.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_turnover_apart";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_turnover_apart"
  EXCLUDE USING gist ("room_id" WITH =, "turnover_nights" WITH =, tsrange(
    "check_in"::timestamp - "turnover_nights" * interval '12 hours',
    "check_out"::timestamp + "turnover_nights" * interval '12 hours', '[)') WITH &&)
  WHERE ("status" <> 'cancelled' AND "turnover_nights" > 0);
