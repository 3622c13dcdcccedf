ALTER TABLE "bookings" ADD COLUMN "turnover_nights" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_turnover_nights" CHECK ("bookings"."turnover_nights" between 0 and 2);--> statement-breakpoint
-- Two confirmed stays of a room booked with the same preparation time p keep p nights between them: each is widened
-- by p/2 days on both sides (half-day steps, so a time range), and widened stays may not overlap. Stays booked
-- with another preparation time (the host changed it between them) or none are not compared here: the booking's
-- own checks (packages/domain/src/stay-rules.ts) compare a new stay with every confirmed one under the room's
-- current rules. This constraint is what holds when two payments for stays too close together are confirmed at
-- the same moment, under the same rules.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_turnover_apart"
  EXCLUDE USING gist ("room_id" WITH =, "turnover_nights" WITH =, tsrange(
    "check_in"::timestamp - "turnover_nights" * interval '12 hours',
    "check_out"::timestamp + "turnover_nights" * interval '12 hours', '[)') WITH &&)
  WHERE ("status" = 'confirmed' AND "turnover_nights" > 0);
