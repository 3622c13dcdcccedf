/*
 * Before a booking: what the room's date picker may offer (`GET /api/room/:id/availability`), the nights from
 * today on that confirmed stays and imported calendars have taken, and the first night still free.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { bookableFrom, firstFreeNight, mergeStays, todayIn, withPreparation, zoneClockOf, type IsoDate, type RoomAvailability } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { rooms } from '../../db/schema.js';
import { NotFoundError, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import { listBlockedNights, listNightSettings, listTakenStays } from './room-nights.queries.js';

/** What the date picker may offer: the window from today on, the confirmed stays in it, the first free night. */
export async function getRoomAvailability(db: Db, { roomId, today: fixedToday }: { roomId: string; today?: IsoDate }): Promise<RoomAvailability> {
  const room = await findRoom(db, roomId);
  // Today where the room is: its check-in days begin at its own midnight (docs/decisions/026-room-time-zone.md).
  const today = fixedToday ?? todayIn(room.timeZone);
  const from = bookableFrom(room.availableFrom, today);
  // Nights other sites' calendars took (docs/decisions/030-calendar-sync.md) are taken here too: merged in date
  // order without overlaps, as `firstFreeNight` and the picker read them.
  const [stays, blocks, settings] = await Promise.all([
    listTakenStays(db, roomId, today),
    listBlockedNights(db, roomId, today),
    listNightSettings(db, roomId, { from: today, to: room.availableTo }),
  ]);
  const taken = mergeStays([...stays, ...blocks]);
  // Nights the host closed, and those preparation time keeps free around stays, are not free either.
  const closed = settings.filter((setting) => setting.blocked);
  const firstBookable = firstFreeNight(from, room.availableTo, mergeStays([...withPreparation(taken, room.preparationNights), ...closed]));
  const nights = settings.map(({ note: _private, ...setting }) => setting);
  // The room's clock travels with it: the page reads the room's day and time from it without the browser's Intl.
  return { from, to: room.availableTo, taken, firstBookable, booked: firstBookable === null, nights, clock: zoneClockOf(room.timeZone) };
}

/** A room that can be booked: it exists and its host has not removed it. */
async function findRoom(db: Db, id: string) {
  const [room] = await db.select().from(rooms).where(and(eq(rooms.id, id), isNull(rooms.deletedAt))).limit(1);
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  return room;
}
