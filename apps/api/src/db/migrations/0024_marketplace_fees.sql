CREATE TABLE "marketplace_fee_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_fee_bp" integer NOT NULL,
	"host_commission_bp" integer NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_fee_rates_bounds" CHECK ("marketplace_fee_rates"."guest_fee_bp" between 0 and 2500 and "marketplace_fee_rates"."host_commission_bp" between 0 and 2500)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_fee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "host_commission_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "guest_fee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "host_commission_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_fee_rates" ADD CONSTRAINT "marketplace_fee_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;