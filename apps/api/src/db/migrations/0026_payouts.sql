ALTER TYPE "public"."ledger_account" ADD VALUE 'host_in_transit';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'host_paid';--> statement-breakpoint
ALTER TYPE "public"."ledger_journal_kind" ADD VALUE 'payout';--> statement-breakpoint
ALTER TYPE "public"."ledger_journal_kind" ADD VALUE 'payout-paid';--> statement-breakpoint
ALTER TYPE "public"."ledger_journal_kind" ADD VALUE 'payout-failed';--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"host_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"holder_name" text NOT NULL,
	"last4" text,
	"ready" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"as_of" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"last4" text,
	"transfer_id" text,
	"failure_code" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('sending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "test_bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"holder_name" text NOT NULL,
	"routing_number" text NOT NULL,
	"last4" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfers_amount_positive" CHECK ("test_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_host_accounts";--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_transfers" ADD CONSTRAINT "test_transfers_destination_test_bank_accounts_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."test_bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_host_day_key" ON "payouts" USING btree ("host_id","as_of");--> statement-breakpoint
CREATE INDEX "payouts_host_idx" ON "payouts" USING btree ("host_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_sending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "test_transfers_idempotency_key" ON "test_transfers" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_journals_payout_idx" ON "ledger_journals" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_host_accounts" CHECK (("ledger_entries"."account"::text in ('host_pending', 'host_tax', 'host_available', 'host_in_transit', 'host_paid')) = ("ledger_entries"."host_id" is not null));