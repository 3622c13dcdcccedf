/*
 * The host calendar (docs/decisions/047-host-calendar-and-price-quote.md): a listing's nights month by month, and the
 * changes its host makes on a range of them. A change takes the room's row lock, as a booking's confirmation takes
 * its share lock, so a block and a booking of the same nights serialize: the one that comes second is refused with
 * its reason, and nothing is left half-done.
 */
import { and, asc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import {
  addDays,
  addMonthsToDate,
  applyNightChange,
  calendarRefusalText,
  checkInProblem,
  isWeekendNight,
  listingRulesOf,
  MAX_CALENDAR_NIGHTS,
  mergeStays,
  nightPriceCents,
  nightsBetween,
  nightsOf,
  replaceNightSettings,
  settingOn,
  stayProblemFacts,
  stayProblemText,
  settingsWithin,
  timeOfDayIn,
  todayIn,
  withPreparation,
  type CalendarRefusalFacts,
  type HostCalendar,
  type HostCalendarNight,
  type IsoDate,
  type NightSetting,
  type NightsChangeBody,
  type Stay,
  type StayRoom,
} from '@staybook/domain';
import { CALENDAR_HORIZON_DAYS } from '@staybook/domain/room-limits';
import { preparedSelect, withTransaction, type Db } from '../../db/client.js';
import { bookings, calendarBlocks, calendarImports, roomNightSettings, rooms, users } from '../../db/schema.js';
import { dateValue, holdsNightsSql, staysOverlapSql } from '../../db/stay-sql.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';
import { heldStaysWhere } from '../../db/held-stays.js';
import { listNightSettings } from '../bookings/room-nights.queries.js';
import type { ListingChanges } from '../../listing-changes.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';

const NOT_THE_HOST = /*i18n*/ 'Only the host of this room can manage its calendar.';

type RoomRow = typeof rooms.$inferSelect;

/** The room of `roomId`, unless removed: by a given id, or by the prepared read's `roomId` placeholder. */
const liveRoom = (roomId: string | Placeholder) => and(eq(rooms.id, roomId), isNull(rooms.deletedAt));
const roomToRead = preparedSelect('host_calendar_room', (db) => db.select().from(rooms).where(liveRoom(sql.placeholder('roomId'))).limit(1));

async function hostedRoom(db: Db, actor: Actor, roomId: string, lock: boolean): Promise<RoomRow> {
  const [room] = lock ? await db.select().from(rooms).where(liveRoom(roomId)).for('update') : await roomToRead(db).execute({ roomId });
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  if (room.hostId !== actor.id) throw new ForbiddenError(NOT_THE_HOST);
  return room;
}

// What holds the nights around the months shown, with who or which calendar holds them: prepared once, as the page
// is read far more often than it changes.
const around = { from: dateValue(sql.placeholder('from')), to: dateValue(sql.placeholder('to')) };
const staysAround = preparedSelect('host_calendar_stays', (db) =>
  db
    .select({ id: bookings.id, from: bookings.checkIn, to: bookings.checkOut, guestName: users.name })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.guestId))
    .where(and(eq(bookings.roomId, sql.placeholder('roomId')), holdsNightsSql(bookings.status), staysOverlapSql({ from: bookings.checkIn, to: bookings.checkOut }, around)))
    .orderBy(asc(bookings.checkIn)),
);
const blocksAround = preparedSelect('host_calendar_blocks', (db) =>
  db
    .select({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut, url: calendarImports.url })
    .from(calendarBlocks)
    .innerJoin(calendarImports, eq(calendarImports.id, calendarBlocks.importId))
    .where(and(eq(calendarBlocks.roomId, sql.placeholder('roomId')), staysOverlapSql({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut }, around)))
    .orderBy(asc(calendarBlocks.checkIn)),
);

function dateRange(range: Stay) {
  return { from: dateValue(range.from), to: dateValue(range.to) };
}

/** The other site an imported calendar comes from, as the host knows it ('airbnb.com'). */
function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * One listing's calendar from the first day of `from`'s month (default: this month where the room is), `months`
 * months long: each night's price, what holds it and whether a stay can start on it. A first month more than ten years
 * back, or past the horizon, is refused.
 */
export async function getHostCalendar(
  db: Db,
  { actor, roomId, from: asked, months }: { actor: Actor; roomId: string; from?: IsoDate | undefined; months: number },
): Promise<HostCalendar> {
  const room = await hostedRoom(db, actor, roomId, false);
  const now = new Date();
  const today = todayIn(room.timeZone, now);
  checkWithinHorizon(asked ?? today, today, 'from');
  checkWithinPast(asked ?? today, today);
  const from = `${(asked ?? today).slice(0, 7)}-01`;
  const to = addMonthsToDate(from, months);
  const range = { from, to };
  const rules = listingRulesOf(room);
  // Stays and imported blocks a night's preparation time or a start hint may look past the range for.
  const reach = { from: addDays(from, -(rules.preparationNights + 1)), to: addDays(to, rules.maxNights + 7) };
  const [stays, blocks, settings] = await Promise.all([
    staysAround(db).execute({ roomId, ...reach }),
    blocksAround(db).execute({ roomId, ...reach }),
    listNightSettings(db, roomId, reach),
  ]);
  const taken = mergeStays([...stays, ...blocks]);
  const kept = withPreparation(taken, rules.preparationNights);
  // The start hints judge the rules and what holds the nights, not a price (the host sees prices beside them).
  const { priceCents: _price, ...stayRules } = rules;
  // Today and the time of day are read once: each night's hint judges up to a week of stays against them.
  const stayRoom: StayRoom = {
    from: room.availableFrom,
    to: room.availableTo,
    today,
    timeOfDay: timeOfDayIn(room.timeZone, now),
    timeZone: room.timeZone,
    rules: stayRules,
    nightSettings: settings,
  };
  const nights = nightsOf(range).map((date): HostCalendarNight => {
    const setting = settingOn(settings, date);
    const stay = stays.find((s) => s.from <= date && date < s.to);
    const block = stay ? undefined : blocks.find((b) => b.from <= date && date < b.to);
    const state: HostCalendarNight['state'] =
      date < today
        ? 'past'
        : stay
          ? 'booked'
          : block
            ? 'imported'
            : setting?.blocked
              ? 'blocked'
              : date < room.availableFrom || date >= room.availableTo
                ? 'outside'
                : kept.some((k) => k.from <= date && date < k.to)
                  ? 'preparation'
                  : 'free';
    const problem = state === 'free' ? checkInProblem(date, { room: stayRoom, taken }) : null;
    const startProblemFacts = problem ? stayProblemFacts(problem, { stay: { from: date, to: addDays(date, 1) }, room: stayRoom }) : null;
    return {
      date,
      priceCents: nightPriceCents(rules, setting, date),
      weekend: setting?.priceCents == null && rules.weekendPriceCents !== null && isWeekendNight(date),
      customPrice: setting?.priceCents != null,
      state,
      bookingId: stay?.id ?? null,
      guestName: stay?.guestName ?? null,
      importedFrom: block ? siteOf(block.url) : null,
      minNights: setting?.minNights ?? null,
      note: setting?.note ?? null,
      startProblem: startProblemFacts && stayProblemText(startProblemFacts),
      startProblemFacts,
    };
  });
  const { priceCents, ...answeredRules } = rules;
  return { roomId, title: room.title, timeZone: room.timeZone, today, from, to, priceCents, rules: answeredRules, nights };
}

/**
 * Dates past the horizon are refused with a 400 naming `field`: a date near the calendar's end (year 9999) would
 * otherwise reach past it in the date arithmetic below and fail as a server error.
 */
function checkWithinHorizon(date: IsoDate, today: IsoDate, field: 'from' | 'to'): void {
  if (date <= addDays(today, CALENDAR_HORIZON_DAYS)) return;
  const facts: CalendarRefusalFacts = { refusal: 'past-the-end', last: addDays(today, CALENDAR_HORIZON_DAYS) };
  const message = calendarRefusalText(facts);
  throw new BadRequestError(`${field}: ${message}`, { [field]: message }, facts);
}

/**
 * How far back the calendar reaches, in months before this one: years of past stays for a host to look over. A first
 * month near the year 1 would send a read's look back for preparation time to before the first date there is.
 */
const PAST_MONTHS = 10 * 12;

/** A first month before the calendar's reach back is refused with a 400 naming `from`, as one past its end is. */
function checkWithinPast(date: IsoDate, today: IsoDate): void {
  const first = addMonthsToDate(`${today.slice(0, 7)}-01`, -PAST_MONTHS);
  if (date >= first) return;
  const facts: CalendarRefusalFacts = { refusal: 'before-the-start', first };
  const message = calendarRefusalText(facts);
  throw new BadRequestError(`from: ${message}`, { from: message }, facts);
}

/**
 * The host sets something on a range of nights (`set`), or puts back what a change answered it held (`restore`).
 * Refused: nights before today, ranges over two years, and closing nights a confirmed stay holds. Answers what
 * the range held before, for the undo.
 */
export async function changeNights(
  db: Db,
  { actor, roomId, body, listing }: { actor: Actor; roomId: string; body: NightsChangeBody; listing: ListingChanges },
): Promise<{ previous: NightSetting[] }> {
  const range = { from: body.from, to: body.to };
  if (nightsBetween(range.from, range.to) > MAX_CALENDAR_NIGHTS) {
    const message = /*i18n*/ 'A change can cover at most two years of nights.';
    throw new BadRequestError(message, { to: message });
  }
  const previous = await withTransaction(db, async (tx) => {
    const room = await hostedRoom(tx, actor, roomId, true);
    const today = todayIn(room.timeZone);
    checkWithinHorizon(range.to, today, 'to');
    if (range.from < today) {
      const facts: CalendarRefusalFacts = { refusal: 'before-today', today };
      const message = calendarRefusalText(facts);
      throw new BadRequestError(message, { from: message }, facts);
    }
    // One night either side, so a change next to a setting that says the same joins it.
    const span = { from: addDays(range.from, -1), to: addDays(range.to, 1) };
    const before = await listNightSettings(tx, roomId, span);
    const after = body.set ? applyNightChange(before, range, changeOf(body.set)) : replaceNightSettings(before, range, body.restore ?? []);
    const closes = after.some((setting) => setting.blocked && setting.from < range.to && range.from < setting.to);
    if (closes) {
      // Every stay of the range: a restore may block some of its nights only, not those of its first stay.
      const stays = await heldStaysWhere(tx, roomId, staysOverlapSql({ from: bookings.checkIn, to: bookings.checkOut }, dateRange(range)));
      const stay = stays.find((held) => after.some((setting) => setting.blocked && setting.from < held.to && held.from < setting.to));
      if (stay) {
        const facts: CalendarRefusalFacts = { refusal: stay.status === 'requested' ? 'request-in-the-way' : 'stay-in-the-way', from: stay.from, to: stay.to };
        throw new ConflictError(calendarRefusalText(facts), facts);
      }
    }
    await tx
      .delete(roomNightSettings)
      .where(and(eq(roomNightSettings.roomId, roomId), staysOverlapSql({ from: roomNightSettings.checkIn, to: roomNightSettings.checkOut }, dateRange(span))));
    if (after.length > 0) {
      await tx.insert(roomNightSettings).values(
        after.map((setting) => ({
          roomId,
          checkIn: setting.from,
          checkOut: setting.to,
          priceCents: setting.priceCents,
          minNights: setting.minNights,
          blocked: setting.blocked,
          note: setting.note,
        })),
      );
    }
    await emitWebhookEvent(tx, { ownerId: actor.id, type: 'calendar.changed', data: { roomId, from: range.from, to: range.to, nights: settingsWithin(after, range) } });
    return settingsWithin(before, range);
  });
  // A dated search's answers change with the nights' prices and blocks.
  await listing.roomsChanged(roomId);
  return { previous };
}

function changeOf(set: NonNullable<NightsChangeBody['set']>) {
  return {
    ...(set.blocked !== undefined ? { blocked: set.blocked } : {}),
    ...(set.price !== undefined ? { priceCents: set.price } : {}),
    ...(set.minNights !== undefined ? { minNights: set.minNights } : {}),
    ...(set.note !== undefined ? { note: set.note } : {}),
  };
}
