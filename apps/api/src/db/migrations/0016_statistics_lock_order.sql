-- stats_apply takes the rollup rows it adds to in key order. Before, each statement took them in the order its hash
-- aggregate happened to give, so two bookings sharing rows (the admin's current quarter hour and day, the same
-- nights) could take two of them in opposite orders and wait for each other until PostgreSQL broke the deadlock a
-- second later (docs/decisions/036, second addendum). Everything else is as migration 0015 wrote it.
CREATE OR REPLACE FUNCTION stats_apply(olds stats_change[], news stats_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
      ('month', date_trunc('month', created_at, 'UTC')),
      ('week', date_trunc('week', created_at, 'UTC')),
      ('day', date_trunc('day', created_at, 'UTC')),
      ('quarter', date_bin('15 minutes', created_at, 'epoch'::timestamptz))) l(level, bucket)
    WHERE d_sales <> 0 OR d_bookings <> 0
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d_sales) <> 0 OR sum(d_bookings) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (scope, scope_id, level, bucket, shard) DO UPDATE
      SET sales_cents = stats_sales.sales_cents + excluded.sales_cents, bookings = stats_sales.bookings + excluded.bookings
  )
  INSERT INTO stats_nights (scope, scope_id, night, shard, stays)
  SELECT scope, scope_id, n::date, shard, sum(d_stays)
  FROM scoped CROSS JOIN generate_series(check_in, check_out - 1, interval '1 day') n
  WHERE d_stays <> 0
  GROUP BY 1, 2, 3, 4
  HAVING sum(d_stays) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (scope, scope_id, night, shard) DO UPDATE SET stays = stats_nights.stays + excluded.stays;
END
$$;
