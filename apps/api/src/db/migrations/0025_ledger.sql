CREATE TYPE "public"."ledger_account" AS ENUM('guest_payments', 'guest_refunds', 'host_pending', 'host_tax', 'host_available', 'platform_guest_fees', 'platform_commissions');--> statement-breakpoint
CREATE TYPE "public"."ledger_journal_kind" AS ENUM('capture', 'refund', 'release');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" uuid NOT NULL,
	"account" "ledger_account" NOT NULL,
	"host_id" text,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_host_accounts" CHECK (("ledger_entries"."account" in ('host_pending', 'host_tax', 'host_available')) = ("ledger_entries"."host_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" "ledger_journal_kind" NOT NULL,
	"booking_id" uuid,
	"posted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_host_idx" ON "ledger_entries" USING btree ("host_id","account") WHERE "ledger_entries"."host_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_key" ON "ledger_journals" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_journals_booking_idx" ON "ledger_journals" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_posted_idx" ON "ledger_journals" USING btree ("posted_at");--> statement-breakpoint
-- Every journal adds up to zero, checked once its transaction commits (a journal's entries come in one statement,
-- but a check at commit holds whichever way they are written).
CREATE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off bigint;
BEGIN
  SELECT sum("amount_cents") INTO off FROM "ledger_entries" WHERE "journal_id" = NEW."journal_id";
  IF off <> 0 THEN
    RAISE EXCEPTION 'ledger journal % does not balance: its entries add up to % cents', NEW."journal_id", off
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_journal_balanced';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_journal_balanced();--> statement-breakpoint
-- Append-only: what was posted stays posted; a correction is another journal.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % of % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON "ledger_journals"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- Stays captured before the ledger: their capture, and their refund split in proportion to the price (the receipt's
-- line-by-line split is the application's; decision 049), posted when they happened.
CREATE TEMPORARY TABLE "ledger_backfill" ON COMMIT DROP AS
  SELECT b."id" AS booking_id, r."host_id", b."created_at", b."cancelled_at", p."amount_cents" AS t, p."refunded_cents" AS rf,
    b."host_commission_bp" AS bp,
    coalesce((SELECT sum((l->>'amountCents')::bigint) FROM jsonb_array_elements(b."price_lines") l WHERE l->>'kind' = 'tax'), 0) AS x,
    coalesce((SELECT sum((l->>'amountCents')::bigint) FROM jsonb_array_elements(b."price_lines") l WHERE l->>'kind' = 'service-fee'), 0) AS f
  FROM "bookings" b JOIN "payments" p ON p."id" = b."payment_id" JOIN "rooms" r ON r."id" = b."room_id"
  WHERE p."status" IN ('succeeded', 'refunded');--> statement-breakpoint
CREATE TEMPORARY TABLE "ledger_backfill_parts" ON COMMIT DROP AS
  SELECT s.*, s.t - s.x - s.f AS h, round((s.t - s.x - s.f) * s.bp / 10000.0)::bigint AS c,
    round(s.x * s.rf / s.t::numeric)::bigint AS xr, round(s.f * s.rf / s.t::numeric)::bigint AS fr
  FROM "ledger_backfill" s;--> statement-breakpoint
INSERT INTO "ledger_journals" ("key", "kind", "booking_id", "posted_at")
  SELECT 'capture:' || booking_id, 'capture'::ledger_journal_kind, booking_id, created_at FROM "ledger_backfill_parts"
  UNION ALL
  SELECT 'refund:' || booking_id, 'refund'::ledger_journal_kind, booking_id, coalesce(cancelled_at, created_at) FROM "ledger_backfill_parts" WHERE rf > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("journal_id", "account", "host_id", "amount_cents")
  SELECT j."id", e.account::ledger_account, e.host_id, e.amount
  FROM "ledger_backfill_parts" s
  JOIN "ledger_journals" j ON j."key" = 'capture:' || s.booking_id
  CROSS JOIN LATERAL (VALUES
    ('guest_payments', NULL, -s.t), ('host_pending', s.host_id, s.h - s.c), ('host_tax', s.host_id, s.x),
    ('platform_guest_fees', NULL, s.f), ('platform_commissions', NULL, s.c)
  ) AS e(account, host_id, amount)
  WHERE e.amount <> 0
  UNION ALL
  SELECT j."id", e.account::ledger_account, e.host_id, e.amount
  FROM "ledger_backfill_parts" s
  JOIN "ledger_journals" j ON j."key" = 'refund:' || s.booking_id
  CROSS JOIN LATERAL (SELECT s.rf - s.xr - s.fr AS hr) r
  CROSS JOIN LATERAL (SELECT s.c - round((s.h - r.hr) * s.bp / 10000.0)::bigint AS cr) k
  CROSS JOIN LATERAL (VALUES
    ('guest_refunds', NULL, s.rf), ('host_pending', s.host_id, -(r.hr - k.cr)), ('host_tax', s.host_id, -s.xr),
    ('platform_guest_fees', NULL, -s.fr), ('platform_commissions', NULL, -k.cr)
  ) AS e(account, host_id, amount)
  WHERE e.amount <> 0;
--> statement-breakpoint
-- Their hosts' shares are released as every captured stay's is: 24 hours after check-in where the room is.
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
  SELECT 'release-share', 'release-share:' || b."id", jsonb_build_object('bookingId', b."id", 'releaseOn', (b."check_in" + 1)::text),
    ((b."check_in" + 1) + coalesce(r."check_in_time", '15:00')::time) AT TIME ZONE r."time_zone"
  FROM "ledger_backfill" s JOIN "bookings" b ON b."id" = s.booking_id JOIN "rooms" r ON r."id" = b."room_id"
  ON CONFLICT ("key") DO NOTHING;
