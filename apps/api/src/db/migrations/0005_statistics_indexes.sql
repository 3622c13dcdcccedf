-- The statistics dashboards' aggregates (modules/stats) read only confirmed stays, and only these columns,
-- so each path is an index-only range scan however many bookings there are (docs/decisions/016).
-- A sale belongs to the moment it was booked (bookings.created_at): the chart's buckets and the totals.
CREATE INDEX "bookings_confirmed_sales_idx" ON "bookings" USING btree ("created_at") INCLUDE ("total_cents") WHERE "status" = 'confirmed';
--> statement-breakpoint
-- A guest's own stays (Total Spent, Total Bookings, their chart).
CREATE INDEX "bookings_guest_sales_idx" ON "bookings" USING btree ("guest_id", "created_at") INCLUDE ("total_cents") WHERE "status" = 'confirmed';
--> statement-breakpoint
-- A host's sales: their rooms (rooms_host_idx, deleted ones included), then each room's confirmed stays.
CREATE INDEX "bookings_room_sales_idx" ON "bookings" USING btree ("room_id", "created_at") INCLUDE ("total_cents") WHERE "status" = 'confirmed';
--> statement-breakpoint
-- The admin's calendar: confirmed stays overlapping a month, across the whole marketplace.
CREATE INDEX "bookings_confirmed_nights_idx" ON "bookings" USING gist (daterange("check_in", "check_out", '[)')) WHERE "status" = 'confirmed';
