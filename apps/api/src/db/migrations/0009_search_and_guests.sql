ALTER TABLE "bookings" ADD COLUMN "guests" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "guests" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "rooms_price_idx" ON "rooms" USING btree ("price_cents","id") WHERE "rooms"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guests_positive" CHECK ("bookings"."guests" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guests_positive" CHECK ("payments"."guests" > 0);