CREATE TABLE "marketplace_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"set_by" text,
	"set_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_settings_one_row" CHECK ("marketplace_settings"."id" = 1),
	CONSTRAINT "marketplace_settings_currency_code" CHECK ("marketplace_settings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD CONSTRAINT "marketplace_settings_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A marketplace with money on record from before the setting charged US dollars: it keeps them, whatever MARKETPLACE_CURRENCY says.
INSERT INTO "marketplace_settings" ("currency") SELECT 'USD' WHERE EXISTS (SELECT 1 FROM "payments") OR EXISTS (SELECT 1 FROM "bookings");
