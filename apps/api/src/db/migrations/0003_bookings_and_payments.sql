ALTER TYPE "public"."payment_status" ADD VALUE 'authorized' BEFORE 'succeeded';--> statement-breakpoint
CREATE TABLE "test_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"capture_method" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"last_decline_code" text,
	"amount_capturable_cents" integer DEFAULT 0 NOT NULL,
	"amount_received_cents" integer DEFAULT 0 NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_amount_positive" CHECK ("test_payment_intents"."amount_cents" > 0),
	CONSTRAINT "test_payment_intents_refund_within_received" CHECK ("test_payment_intents"."amount_refunded_cents" >= 0 and "test_payment_intents"."amount_refunded_cents" <= "test_payment_intents"."amount_received_cents")
);
--> statement-breakpoint
DROP INDEX "bookings_room_confirmed_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "room_title" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "room_location" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "room_image" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "nightly_price_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_events" ADD CONSTRAINT "test_payment_events_intent_id_test_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."test_payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_payment_events_intent_idx" ON "test_payment_events" USING btree ("intent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_events_idempotency_key" ON "test_payment_events" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_idempotency_key" ON "test_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_guest_stay_idx" ON "bookings" USING btree ("guest_id","check_in","id");--> statement-breakpoint
CREATE INDEX "bookings_room_stay_idx" ON "bookings" USING btree ("room_id","check_in","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_room_confirmed_idx" ON "bookings" USING btree ("room_id","check_out") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_nightly_price_positive" CHECK ("payments"."nightly_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_last4_digits" CHECK ("payments"."card_last4" is null or "payments"."card_last4" ~ '^[0-9]{4}$');