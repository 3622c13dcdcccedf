CREATE TABLE "room_night_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"price_cents" bigint,
	"min_nights" integer,
	"blocked" boolean DEFAULT false NOT NULL,
	"note" text,
	CONSTRAINT "room_night_settings_order" CHECK ("room_night_settings"."check_in" < "room_night_settings"."check_out"),
	CONSTRAINT "room_night_settings_price_positive" CHECK ("room_night_settings"."price_cents" is null or "room_night_settings"."price_cents" > 0),
	CONSTRAINT "room_night_settings_min_nights" CHECK ("room_night_settings"."min_nights" is null or "room_night_settings"."min_nights" between 1 and 365),
	CONSTRAINT "room_night_settings_says_something" CHECK ("room_night_settings"."price_cents" is not null or "room_night_settings"."min_nights" is not null or "room_night_settings"."blocked" or "room_night_settings"."note" is not null)
);
--> statement-breakpoint
-- Every stay until now was one price per night: its lines are those nights (packages/domain/src/quote.ts, QuoteLine).
ALTER TABLE "bookings" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
UPDATE "bookings" SET "price_lines" = jsonb_build_array(jsonb_build_object(
  'kind', 'nights', 'amountCents', "total_cents", 'credit', false,
  'nights', "check_out" - "check_in", 'unitCents', "nightly_price_cents", 'weekend', false));--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "price_lines" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
UPDATE "payments" SET "price_lines" = jsonb_build_array(jsonb_build_object(
  'kind', 'nights', 'amountCents', "amount_cents", 'credit', false,
  'nights', "check_out" - "check_in", 'unitCents', "nightly_price_cents", 'weekend', false));--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "price_lines" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "weekend_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "min_nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "max_nights" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "check_in_days" integer DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "check_out_days" integer DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "notice_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "same_day_until" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "booking_window_months" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "preparation_nights" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "cleaning_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "extra_guest_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "guests_included" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "weekly_discount_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "monthly_discount_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_night_settings" ADD CONSTRAINT "room_night_settings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_night_settings_room_idx" ON "room_night_settings" USING btree ("room_id","check_out");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_weekend_price_positive" CHECK ("rooms"."weekend_price_cents" is null or "rooms"."weekend_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_stay_nights" CHECK (1 <= "rooms"."min_nights" and "rooms"."min_nights" <= "rooms"."max_nights" and "rooms"."max_nights" <= 365);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_stay_days" CHECK ("rooms"."check_in_days" between 1 and 127 and "rooms"."check_out_days" between 1 and 127);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_notice" CHECK ("rooms"."notice_days" between 0 and 7 and ("rooms"."same_day_until" is null or ("rooms"."notice_days" = 0 and "rooms"."same_day_until" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_booking_window" CHECK ("rooms"."booking_window_months" is null or "rooms"."booking_window_months" in (3, 6, 9, 12, 24));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_preparation" CHECK ("rooms"."preparation_nights" between 0 and 2);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_fees" CHECK ("rooms"."cleaning_fee_cents" >= 0 and "rooms"."extra_guest_fee_cents" >= 0 and "rooms"."guests_included" >= 1);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_discounts" CHECK ("rooms"."weekly_discount_pct" between 0 and 90 and "rooms"."monthly_discount_pct" between 0 and 90);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_tax_rate" CHECK ("rooms"."tax_rate_bp" between 0 and 3000);--> statement-breakpoint
-- A room's night settings never share a night: a change in the calendar splits the ones it meets. Its gist index is
-- also the dated search's path ("any block or price in this stay").
ALTER TABLE "room_night_settings" ADD CONSTRAINT "room_night_settings_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&);
