CREATE TABLE "recently_viewed" (
	"user_id" text NOT NULL,
	"room_id" uuid NOT NULL,
	"viewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recently_viewed_user_id_room_id_pk" PRIMARY KEY("user_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "wishlist_rooms" (
	"wishlist_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_rooms_wishlist_id_room_id_pk" PRIMARY KEY("wishlist_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"check_in" date,
	"check_out" date,
	"guests" integer,
	"share_token" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlists_name_length" CHECK (char_length("wishlists"."name") between 1 and 50),
	CONSTRAINT "wishlists_stay" CHECK (("wishlists"."check_in" is null) = ("wishlists"."check_out" is null) and ("wishlists"."check_in" is null or "wishlists"."check_in" < "wishlists"."check_out")),
	CONSTRAINT "wishlists_guests" CHECK ("wishlists"."guests" is null or "wishlists"."guests" >= 1)
);
--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_rooms" ADD CONSTRAINT "wishlist_rooms_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_rooms" ADD CONSTRAINT "wishlist_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recently_viewed_user_idx" ON "recently_viewed" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "recently_viewed_room_idx" ON "recently_viewed" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "wishlist_rooms_list_idx" ON "wishlist_rooms" USING btree ("wishlist_id","created_at","room_id");--> statement-breakpoint
CREATE INDEX "wishlist_rooms_room_idx" ON "wishlist_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "wishlists_owner_idx" ON "wishlists" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_share_token_key" ON "wishlists" USING btree ("share_token");