ALTER TABLE "rooms" ADD COLUMN "calendar_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "rooms" r SET "calendar_runs" = c.n
  FROM (SELECT "room_id", count(*)::int AS n FROM "room_night_settings" GROUP BY "room_id") c
  WHERE r."id" = c."room_id";--> statement-breakpoint
-- Each statement that adds or removes runs of a room's calendar counts them on the room, in its own transaction.
CREATE FUNCTION room_calendar_runs_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "rooms" r SET "calendar_runs" = r."calendar_runs" - c.n
      FROM (SELECT "room_id", count(*)::int AS n FROM old_rows GROUP BY "room_id") c WHERE r."id" = c."room_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "rooms" r SET "calendar_runs" = r."calendar_runs" + c.n
      FROM (SELECT "room_id", count(*)::int AS n FROM new_rows GROUP BY "room_id") c WHERE r."id" = c."room_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER room_night_settings_added AFTER INSERT ON "room_night_settings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION room_calendar_runs_counted();--> statement-breakpoint
CREATE TRIGGER room_night_settings_moved AFTER UPDATE ON "room_night_settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION room_calendar_runs_counted();--> statement-breakpoint
CREATE TRIGGER room_night_settings_removed AFTER DELETE ON "room_night_settings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION room_calendar_runs_counted();
