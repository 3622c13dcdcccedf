-- Two confirmed bookings of the same room can never share a night.
-- Stays are half-open date ranges: the check-out day is free for the next guest's check-in.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" = 'confirmed');
