-- Money in 64 bits (a long stay at a high price passed 2^31 cents), the room's time zone, the cancellation a
-- server asked for before calling the provider, the outbox of jobs and the log of listing changes.
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "listing_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "nightly_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "nightly_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "refunded_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payment_events" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ALTER COLUMN "amount_capturable_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ALTER COLUMN "amount_received_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ALTER COLUMN "amount_refunded_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_requested_by" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" = 'done';--> statement-breakpoint
CREATE INDEX "listing_changes_created_idx" ON "listing_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_cancel_requested_idx" ON "bookings" USING btree ("cancel_requested_at") WHERE "bookings"."cancel_requested_at" is not null and "bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_requested_by" CHECK ("bookings"."cancel_requested_by" is null or "bookings"."cancel_requested_by" in ('guest', 'host'));