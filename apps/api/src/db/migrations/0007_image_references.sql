CREATE INDEX "bookings_room_image_idx" ON "bookings" USING btree ("room_image");--> statement-breakpoint
CREATE INDEX "rooms_image_idx" ON "rooms" USING btree ("image");--> statement-breakpoint
CREATE INDEX "users_image_idx" ON "users" USING btree ("image");