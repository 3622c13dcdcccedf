-- The language a person chose in a picker while signed in (decision 062): their mails are written in it. Null until they choose.
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" in ('en', 'es'));