import { and, count, eq, not, or, sql } from 'drizzle-orm';
import {
  areaCentreFor,
  availabilityDatesError,
  DEFAULT_LISTING_RULES,
  listingRulesOf,
  listingRulesProblems,
  mayUse,
  roomIdSchema,
  todayIn,
  type ListingRules,
  type Position,
  type Room,
  type RoomInput,
  type HostRoomsPage,
} from '@staybook/domain';
import { refusalText, type RefusalFacts } from '@staybook/domain/refusals';
import { heldStaysWhere, type HeldStay } from '../../db/held-stays.js';
import { textArray, withTransaction, type Db } from '../../db/client.js';
import { bookings, payments, recentlyViewed, rooms, uploads, users, wishlistRooms } from '../../db/schema.js';
import { dateValue, holdsNightsSql, isInsideWindowSql, stayNotEndedSql } from '../../db/stay-sql.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PG_ERRORS, ROOM_NOT_FOUND_MESSAGE, sqlState } from '../../errors.js';
import { isOwnEmail, type Actor } from '../../plugins/session.js';
import { releaseImages, type ImageCleanup } from '../uploads/image-references.js';
import type { ListingChanges } from '../../listing-changes.js';
import { findPlace, timeZoneAt } from '../places/gazetteer.js';
import { getRoom, pageOfHostRooms } from './rooms.service.js';

/**
 * The host's side of rooms: list, change and remove one's own. The host of a room is always the
 * signed-in actor; nothing in a request body can name another.
 */

/** What a change to a room must tell: the browsing answers kept for visitors. */
type Changes = { listing: ListingChanges };

/**
 * The columns a room input writes. The details an input may leave out (undefined: its policy, amenities, times, house
 * rules, address and arrival instructions, and the stay rules it does not name) are none on a new room (the columns'
 * defaults) and unchanged on an update: Drizzle writes no column for an undefined value.
 */
function roomColumns(input: RoomInput) {
  const { title, location, category, priceCents, guests, bedrooms, bathrooms, description, photos } = input;
  const { cancellationPolicy, amenities, checkInTime, checkOutTime, houseRules, address, arrivalInstructions } = input;
  const details = { cancellationPolicy, amenities, checkInTime, checkOutTime, houseRules, address, arrivalInstructions };
  // The cover is the first photo (the check rooms_photos_cover holds every writer to it). The stay rules and fees are
  // those the input sets (listing-rules-input.ts).
  const stored = { availableFrom: input.from, availableTo: input.to, image: photos[0]!, ...details, ...input.rules };
  return { title, location, category, priceCents, guests, bedrooms, bathrooms, description, photos, ...stored };
}

/**
 * The rules between fields (minimum ≤ maximum nights; a same-day cut-off only without notice days), checked on
 * what the room will have: `current`, a stored room's rules or the defaults, with the input's changes.
 */
function checkedRules(current: Omit<ListingRules, 'priceCents'>, input: RoomInput): RoomInput['rules'] {
  // Asking notice days drops a same-day cut-off the input does not name.
  const changes = input.rules.noticeDays && input.rules.sameDayUntil === undefined ? { ...input.rules, sameDayUntil: null } : input.rules;
  const problems = listingRulesProblems({ ...current, ...changes });
  const [field, message] = Object.entries(problems)[0] ?? [];
  if (field && message) throw new BadRequestError(`${field}: ${message}`, problems);
  return changes;
}

const UNKNOWN_TIME_ZONE_MESSAGE = /*i18n*/ 'This time zone is not known to the server';

/**
 * The database must know a room's zone too: it works out `booked` there. A name the web app's time zone
 * database knows and the server's does not is refused here, rather than breaking every listing it appears in.
 */
async function checkZoneKnown(db: Db, timeZone: string): Promise<void> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
  } catch (err) {
    if (sqlState(err) === PG_ERRORS.invalidParameterValue) throw new BadRequestError(`timeZone: ${UNKNOWN_TIME_ZONE_MESSAGE}`, { timeZone: UNKNOWN_TIME_ZONE_MESSAGE });
    throw err;
  }
}

export const NOT_YOUR_PHOTO_MESSAGE = /*i18n*/ 'Please upload your own photos; one of these was uploaded by someone else';

/**
 * A host may show only pictures they uploaded (an `uploads` row with their id, their sign-up photo included), or
 * that one of their rooms, live or removed, already shows (reusing a listing's photo; rooms written by the seed have
 * no upload rows). Anything else, such as another host's upload whose address they learnt from a room page, or
 * another person's photo first made their own profile photo, is refused naming `photos`.
 */
async function checkPhotosAreTheHosts(db: Db, hostId: string, photos: readonly string[]): Promise<void> {
  const wanted = textArray(photos);
  const uploaded = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.ownerId, hostId), sql`${uploads.url} = any(${wanted})`));
  const known = new Set(uploaded.map((row) => row.url));
  if (photos.every((url) => known.has(url))) return;
  // Overlap with the rooms' photos reads rooms_photos_idx.
  const shown = await db
    .select({ photos: rooms.photos })
    .from(rooms)
    .where(and(eq(rooms.hostId, hostId), sql`${rooms.photos} && ${wanted}`));
  for (const row of shown) for (const url of row.photos) known.add(url);
  // Their own profile photo counts only as their own upload (a sign-up's photo becomes its account's): a picture
  // anyone else uploaded, or one that was never an upload, never counts, however it came to be their profile photo.
  const [self] = await db
    .select({ image: users.image, ownerId: uploads.ownerId })
    .from(users)
    .leftJoin(uploads, eq(uploads.url, users.image))
    .where(eq(users.id, hostId));
  if (self?.image && self.ownerId === hostId) known.add(self.image);
  if (!photos.every((url) => known.has(url))) {
    throw new BadRequestError(`photos: ${NOT_YOUR_PHOTO_MESSAGE}`, { photos: NOT_YOUR_PHOTO_MESSAGE });
  }
}

/**
 * The columns of a pin the host placed: the pin, and a new centre for the public circle around it, drawn once here
 * (decision 051). The same pin again keeps its circle, so saving a form unchanged never moves it.
 */
function positionColumns(pin: Position, current?: { latitude: number | null; longitude: number | null }) {
  if (current?.latitude === pin.latitude && current.longitude === pin.longitude) return {};
  const area = areaCentreFor(pin);
  return { latitude: pin.latitude, longitude: pin.longitude, areaLatitude: area.latitude, areaLongitude: area.longitude };
}

/**
 * A new room's pin: the one the host placed, else the place its location names when the gazetteer knows it (the
 * host can move it later), else none.
 */
async function newRoomPin(input: RoomInput): Promise<Position | null> {
  if (input.position) return input.position;
  const place = await findPlace(input.location);
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/**
 * A new room: in the time zone its host chose, else the zone of the pin they placed, else the server's
 * (TIME_ZONE); it starts today or later there.
 */
export async function createRoom(
  db: Db,
  { actor, input, listing, defaultTimeZone }: { actor: Actor; input: RoomInput; listing: ListingChanges; defaultTimeZone: string },
): Promise<Room> {
  const timeZone = input.timeZone ?? (input.position ? timeZoneAt(input.position) : defaultTimeZone);
  await checkZoneKnown(db, timeZone);
  const pin = await newRoomPin(input);
  checkAvailabilityDates(input, { today: todayIn(timeZone) });
  await checkPhotosAreTheHosts(db, actor.id, input.photos);
  const rules = checkedRules(DEFAULT_LISTING_RULES, input);
  const [row] = await db
    .insert(rooms)
    .values({ ...roomColumns({ ...input, rules }), ...(pin ? positionColumns(pin) : {}), timeZone, hostId: actor.id })
    .returning({ id: rooms.id });
  await listing.roomsChanged(row!.id);
  return getRoom(db, { id: row!.id, viewer: actor });
}

/** Refuses availability dates that break a rule of today where the room is (`availabilityDatesError`), naming the field. */
function checkAvailabilityDates(input: RoomInput, rule: Parameters<typeof availabilityDatesError>[1]): void {
  const error = availabilityDatesError(input, rule);
  if (error) throw new BadRequestError(`${error.field}: ${error.message}`, { [error.field]: error.message });
}

/** My Listings: the actor's own live rooms, newest first. An e-mail in the path must be the actor's own. */
export async function listHostRooms(
  db: Db,
  { actor, email, cursor, limit }: { actor: Actor; email?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<HostRoomsPage> {
  if (email !== undefined && !isOwnEmail(actor, email)) {
    throw new ForbiddenError(/*i18n*/ 'You can only see your own listings.');
  }
  return pageOfHostRooms(db, { hostId: actor.id, cursor, limit });
}

/**
 * The room, locked until the transaction ends: a booking being confirmed for it (which takes a share
 * lock on the room) waits, so a check made here still holds when the change commits.
 */
async function lockLiveRoom(tx: Db, id: string) {
  const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
  if (!room || room.deletedAt) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  return room;
}

/**
 * The refusal of new dates that leave out stays holding nights: its English sentence, and the facts a page writes it
 * from. It names the confirmed stays left out, or, when there are none, the requests the host has still to answer.
 */
function outsideStaysRefusal(stays: HeldStay[]): ConflictError {
  const confirmed = stays.filter((stay) => stay.status === 'confirmed');
  const named = confirmed.length > 0 ? confirmed : stays;
  const refusal = confirmed.length > 0 ? 'stays-outside-dates' : 'requests-outside-dates';
  const facts: RefusalFacts = { refusal, count: String(named.length), from: named[0]!.from, to: named[0]!.to };
  return new ConflictError(refusalText(facts), facts);
}

const NOT_THE_HOST = /*i18n*/ 'Only the host of this room can change it.';

/**
 * Whether the actor may change the room at all, asked before its new details are read: another host hears 403
 * (and a room that is gone, 404) whatever they sent, not what was wrong with it. `updateRoom` checks again under
 * its lock. An id that is not one is left to the route's validation.
 */
export async function checkMayChangeRoom(db: Db, { actor, id }: { actor: Actor; id: unknown }): Promise<void> {
  if (!roomIdSchema.safeParse(id).success) return;
  const [room] = await db.select({ hostId: rooms.hostId, deletedAt: rooms.deletedAt }).from(rooms).where(eq(rooms.id, id as string));
  if (!room || room.deletedAt) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  if (room.hostId !== actor.id) throw new ForbiddenError(NOT_THE_HOST);
}

/**
 * The host replaces a room's details. The window may not leave out a confirmed stay that has not ended;
 * a new price applies to new bookings only (a booking keeps the nightly price it was made at).
 */
export async function updateRoom(
  db: Db,
  { actor, id, input, imageStore, log, listing }: { actor: Actor; id: string; input: RoomInput } & ImageCleanup & Changes,
): Promise<Room> {
  if (input.timeZone) await checkZoneKnown(db, input.timeZone);
  const droppedPhotos = await withTransaction(db, async (tx) => {
    const room = await lockLiveRoom(tx, id);
    if (room.hostId !== actor.id) throw new ForbiddenError(NOT_THE_HOST);
    // Left out, the zone stays as it was; days are counted where the room is (now).
    const timeZone = input.timeZone ?? room.timeZone;
    const today = todayIn(timeZone);
    checkAvailabilityDates(input, { today, keep: { from: room.availableFrom, to: room.availableTo } });
    const rules = checkedRules(listingRulesOf(room), input);
    const outside = await heldStaysWhere(
      tx,
      id,
      and(
        stayNotEndedSql(bookings.checkOut, dateValue(today)),
        not(isInsideWindowSql({ from: bookings.checkIn, to: bookings.checkOut }, { from: dateValue(input.from), to: dateValue(input.to) })),
      )!,
    );
    if (outside.length > 0) throw outsideStaysRefusal(outside);
    // A lone `image` replaces the cover and keeps the other photos (only a client that sends `photos` reorders them).
    const photos = input.coverOnly ? [input.image, ...room.photos.slice(1).filter((url) => url !== input.image)] : input.photos;
    await checkPhotosAreTheHosts(tx, actor.id, photos);
    await tx
      .update(rooms)
      .set({ ...roomColumns({ ...input, photos, rules }), ...(input.position ? positionColumns(input.position, room) : {}), timeZone, updatedAt: sql`now()` })
      .where(eq(rooms.id, id));
    return room.photos.filter((url) => !photos.includes(url));
  });
  await listing.roomsChanged(id);
  // After the commit: a dropped photo goes once nothing else shows it.
  await releaseImages(db, droppedPhotos, { imageStore, log });
  return getRoom(db, { id, viewer: actor });
}

/** Who can clear the stays: a host cancels them in Manage Bookings; an admin, who has no such page, waits for the host. */
function upcomingStaysRefusal(upcoming: number, actor: Actor): ConflictError {
  const facts: RefusalFacts = { refusal: 'upcoming-stays', count: String(upcoming), cancels: mayUse(actor.role, 'manageBookings') ? 'you' : 'host' };
  return new ConflictError(refusalText(facts), facts);
}

/**
 * The host (or an admin, for abusive listings) removes a room. Upcoming or current stays block it; a room
 * with any booking or payment history leaves browsing but keeps its row for that history and the
 * statistics; a room with none is deleted for good, and its photos with it.
 */
export async function deleteRoom(
  db: Db,
  { actor, id, imageStore, log, listing }: { actor: Actor; id: string } & ImageCleanup & Changes,
): Promise<{ deletedCount: number }> {
  const freedPhotos = await withTransaction(db, async (tx) => {
    const room = await lockLiveRoom(tx, id);
    if (room.hostId !== actor.id && !mayUse(actor.role, 'removeAnyRoom')) {
      throw new ForbiddenError(/*i18n*/ 'Only the host of this room or an admin can remove it.');
    }
    const today = todayIn(room.timeZone);
    const [{ upcoming } = { upcoming: 0 }] = await tx
      .select({ upcoming: count() })
      .from(bookings)
      .where(and(eq(bookings.roomId, id), holdsNightsSql(bookings.status), stayNotEndedSql(bookings.checkOut, dateValue(today))));
    if (upcoming > 0) throw upcomingStaysRefusal(upcoming, actor);
    const [history] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(
        and(
          eq(rooms.id, id),
          or(
            sql`exists (select 1 from ${bookings} where ${bookings.roomId} = ${rooms.id})`,
            sql`exists (select 1 from ${payments} where ${payments.roomId} = ${rooms.id})`,
          ),
        ),
      );
    if (history) {
      await tx.update(rooms).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(rooms.id, id));
      // Gone from browsing, so from people's wishlists and recently viewed homes too (a deleted row's cascade does this).
      await tx.delete(wishlistRooms).where(eq(wishlistRooms.roomId, id));
      await tx.delete(recentlyViewed).where(eq(recentlyViewed.roomId, id));
      return [];
    }
    await tx.delete(rooms).where(eq(rooms.id, id));
    return room.photos;
  });
  await listing.roomsChanged(id);
  await releaseImages(db, freedPhotos, { imageStore, log });
  return { deletedCount: 1 };
}
