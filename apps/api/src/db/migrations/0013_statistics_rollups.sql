CREATE TABLE "stats_nights" (
	"scope" text NOT NULL,
	"scope_id" text NOT NULL,
	"night" date NOT NULL,
	"shard" integer NOT NULL,
	"stays" integer NOT NULL,
	CONSTRAINT "stats_nights_scope_scope_id_night_shard_pk" PRIMARY KEY("scope","scope_id","night","shard")
);
--> statement-breakpoint
CREATE TABLE "stats_sales" (
	"scope" text NOT NULL,
	"scope_id" text NOT NULL,
	"level" text NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	"shard" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "stats_sales_scope_scope_id_level_bucket_shard_pk" PRIMARY KEY("scope","scope_id","level","bucket","shard")
);
--> statement-breakpoint
-- One booking's part in the statistics, as a trigger sees it before or after a change.
CREATE TYPE "stats_change" AS (id uuid, room_id uuid, guest_id text, created_at timestamptz, check_in date, check_out date, kept_cents bigint, confirmed boolean);--> statement-breakpoint
-- Takes the bookings as they were (`olds`) out of the rollups and puts them as they are (`news`) in: per scope (all,
-- the room's host, the guest), the sales kept and confirmed bookings of the booking's quarter hour, UTC day and all
-- time, and the nights of its confirmed stay. A change that moves no figure writes nothing.
CREATE FUNCTION stats_apply(olds stats_change[], news stats_change[]) RETURNS void LANGUAGE sql AS $$
  WITH changes AS (
    SELECT c.*, -1 AS sign FROM unnest(olds) c
    UNION ALL
    SELECT c.*, 1 AS sign FROM unnest(news) c
  ),
  scoped AS MATERIALIZED (
    SELECT s.scope, s.scope_id, (hashtext(c.id::text) & 3) AS shard, c.created_at, c.check_in, c.check_out,
           c.sign * c.kept_cents AS d_sales,
           c.sign * (c.confirmed AND c.kept_cents > 0)::int AS d_bookings,
           c.sign * c.confirmed::int AS d_stays
    FROM changes c
    JOIN rooms r ON r.id = c.room_id
    CROSS JOIN LATERAL (VALUES ('all', ''), ('host', r.host_id), ('guest', c.guest_id)) s(scope, scope_id)
  ),
  sales AS (
    INSERT INTO stats_sales (scope, scope_id, level, bucket, shard, sales_cents, bookings)
    SELECT scope, scope_id, l.level, l.bucket, shard, sum(d_sales), sum(d_bookings)
    FROM scoped
    CROSS JOIN LATERAL (VALUES
      ('total', 'epoch'::timestamptz),
      ('day', date_trunc('day', created_at, 'UTC')),
      ('quarter', date_bin('15 minutes', created_at, 'epoch'::timestamptz))) l(level, bucket)
    WHERE d_sales <> 0 OR d_bookings <> 0
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d_sales) <> 0 OR sum(d_bookings) <> 0
    ON CONFLICT (scope, scope_id, level, bucket, shard) DO UPDATE
      SET sales_cents = stats_sales.sales_cents + excluded.sales_cents, bookings = stats_sales.bookings + excluded.bookings
  )
  INSERT INTO stats_nights (scope, scope_id, night, shard, stays)
  SELECT scope, scope_id, n::date, shard, sum(d_stays)
  FROM scoped CROSS JOIN generate_series(check_in, check_out - 1, interval '1 day') n
  WHERE d_stays <> 0
  GROUP BY 1, 2, 3, 4
  HAVING sum(d_stays) <> 0
  ON CONFLICT (scope, scope_id, night, shard) DO UPDATE SET stays = stats_nights.stays + excluded.stays
$$;--> statement-breakpoint
CREATE FUNCTION bookings_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_apply('{}',
      array(SELECT row(n.id, n.room_id, n.guest_id, n.created_at, n.check_in, n.check_out, n.kept_cents, n.status = 'confirmed')::stats_change FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the rows whose figures moved: a cancellation asked for, or any other column, changes nothing here.
    PERFORM stats_apply(
      array(SELECT row(o.id, o.room_id, o.guest_id, o.created_at, o.check_in, o.check_out, o.kept_cents, o.status = 'confirmed')::stats_change
            FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.room_id, o.guest_id, o.created_at, o.check_in, o.check_out, o.kept_cents, o.status)
                  IS DISTINCT FROM (n.room_id, n.guest_id, n.created_at, n.check_in, n.check_out, n.kept_cents, n.status)),
      array(SELECT row(n.id, n.room_id, n.guest_id, n.created_at, n.check_in, n.check_out, n.kept_cents, n.status = 'confirmed')::stats_change
            FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.room_id, o.guest_id, o.created_at, o.check_in, o.check_out, o.kept_cents, o.status)
                  IS DISTINCT FROM (n.room_id, n.guest_id, n.created_at, n.check_in, n.check_out, n.kept_cents, n.status)));
  ELSE
    PERFORM stats_apply(
      array(SELECT row(o.id, o.room_id, o.guest_id, o.created_at, o.check_in, o.check_out, o.kept_cents, o.status = 'confirmed')::stats_change FROM old_rows o),
      '{}');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookings_stats_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_stats_trigger();--> statement-breakpoint
CREATE TRIGGER bookings_stats_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_stats_trigger();--> statement-breakpoint
CREATE TRIGGER bookings_stats_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_stats_trigger();--> statement-breakpoint
-- The stays booked so far, once.
SELECT stats_apply('{}', array(SELECT row(b.id, b.room_id, b.guest_id, b.created_at, b.check_in, b.check_out, b.kept_cents, b.status = 'confirmed')::stats_change FROM bookings b));
--> statement-breakpoint
-- The statistics no longer read the bookings: the indexes that served them only slow every booking down.
DROP INDEX IF EXISTS "bookings_kept_sales_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_guest_sales_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_room_sales_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_confirmed_nights_idx";
