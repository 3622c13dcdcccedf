import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsToDate,
  applyNightChange,
  formatIsoDate,
  hostCalendarSchema,
  isWeekendNight,
  listingRulesOf,
  nightsBetween,
  nightsChangeResultSchema,
  quoteStay,
  roomAvailabilitySchema,
  todayIso,
  type HostCalendar,
  type NightChange,
  type NightSetting,
  type Stay,
} from '@staybook/domain';
import { insertBooking } from '../../db/factories.js';
import { bookings, calendarBlocks, calendarImports, roomNightSettings, rooms } from '../../db/schema.js';
import { OVERLAPPING_BOOKING_MESSAGE } from '../../errors.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay, confirmBooking, confirmCard, startPayment } from '../../test/bookings.js';
import { serverUrlOf, TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { NOT_FOUND, SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import { untilBlockedBy } from '../../test/lock-waits.js';
import { itNeeding, twoConnectionsOn } from '../../test/needs.js';
import type { TestUser } from '../../test/test-app.js';

const NOT_THE_HOST = { error: { code: 'FORBIDDEN', message: 'Only the host of this room can manage its calendar.' } };
const CLOSED = 'The host has closed some of these nights. Please choose other dates.';
const setting = (range: Stay, values: Partial<NightSetting>): NightSetting => ({ ...range, priceCents: null, minNights: null, blocked: false, note: null, ...values });
const heldBy = (stay: Stay) =>
  `A confirmed stay from ${formatIsoDate(stay.from)} to ${formatIsoDate(stay.to)} holds some of these nights, so they cannot be blocked. Choose other nights, or cancel the stay first.`;
/** The 409 a block meets on a confirmed stay's nights: its English sentence, and the facts a page writes it from. */
const heldByError = (stay: Stay) => ({ code: 'CONFLICT', message: heldBy(stay), facts: { refusal: 'stay-in-the-way', from: stay.from, to: stay.to } });

/**
 * Resolves once some session waits for a session that waits for `holder`'s lock: the second in line behind it (the
 * test then knows the order the two will go in). As `untilBlockedBy`, it reads the waits from the server.
 */
async function untilQueuedBehind(holder: pg.Client, pending: Promise<unknown>): Promise<void> {
  let settled = false;
  pending.then(() => (settled = true), () => (settled = true));
  for (;;) {
    const settledBefore = settled;
    const { rows } = await holder.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity a where exists (select 1 from pg_stat_activity b
         where pg_backend_pid() = any(pg_blocking_pids(b.pid)) and b.pid = any(pg_blocking_pids(a.pid)))`,
    );
    if (rows[0]!.n > 0) return;
    if (settledBefore) throw new Error('The second piece of work finished without queueing behind the first, so the race was never run.');
    await sleep(10);
  }
}

/** The host calendar: a listing's nights, and the changes its host makes on them, alone and racing others. */
describe.each(TEST_DATABASE_KINDS)('host calendar API on %s', (kind) => {
  const s = useBookingSuite(kind);

  async function calendarOf(roomId: string, query = '', as: TestUser = s.host): Promise<HostCalendar> {
    const res = await s.t.call('GET', `/api/room/${roomId}/calendar/nights${query}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return hostCalendarSchema.parse(res.json());
  }
  const change = (roomId: string, body: object, as: TestUser = s.host) => s.t.call('PUT', `/api/room/${roomId}/calendar/nights`, { as, body });
  async function changed(roomId: string, body: object): Promise<NightSetting[]> {
    const res = await change(roomId, body);
    expect(res.statusCode, res.body).toBe(200);
    return nightsChangeResultSchema.parse(res.json()).previous;
  }
  /** The room's stored settings, in date order. */
  async function stored(roomId: string): Promise<NightSetting[]> {
    const rows = await s.t.database.db.select().from(roomNightSettings).where(eq(roomNightSettings.roomId, roomId)).orderBy(asc(roomNightSettings.checkIn));
    return rows.map((r) => ({ from: r.checkIn, to: r.checkOut, priceCents: r.priceCents, minNights: r.minNights, blocked: r.blocked, note: r.note }));
  }
  const expectNoOverlap = (settings: NightSetting[]) => settings.slice(1).forEach((next, i) => expect(settings[i]!.to <= next.from, JSON.stringify(settings)).toBe(true));
  const night = (calendar: HostCalendar, date: string) => calendar.nights.find((n) => n.date === date)!;

  describe('GET /api/room/:id/calendar/nights', () => {
    it("answers twelve months from this month's first day, each night with its state, price and start hint", async () => {
      const room = await s.newRoom({ title: 'Harbour loft', availableFrom: day(3), availableTo: day(80), priceCents: 10_000, weekendPriceCents: 15_000, preparationNights: 1, minNights: 2 });
      const { booking } = await insertBooking(s.t.database.db, { room, guestId: s.guest.id, checkIn: day(20), checkOut: day(23) });
      const [feed] = await s.t.database.db.insert(calendarImports).values({ roomId: room.id, url: 'https://www.airbnb.com/calendar/ical/9.ics' }).returning();
      await s.t.database.db.insert(calendarBlocks).values({ importId: feed!.id, roomId: room.id, checkIn: day(40), checkOut: day(42) });
      await s.t.database.db.insert(roomNightSettings).values([
        { roomId: room.id, checkIn: day(50), checkOut: day(52), blocked: true },
        { roomId: room.id, checkIn: day(60), checkOut: day(62), priceCents: 30_000, note: 'Festival' },
        { roomId: room.id, checkIn: day(65), checkOut: day(66), minNights: 4 },
      ]);

      const calendar = await calendarOf(room.id);
      const today = todayIso();
      const from = `${today.slice(0, 7)}-01`;
      const { priceCents: _price, ...rules } = listingRulesOf(room);
      expect(calendar).toMatchObject({ roomId: room.id, title: 'Harbour loft', timeZone: 'UTC', today, from, to: addMonthsToDate(from, 12), priceCents: 10_000, rules });
      expect(calendar.nights.map((n) => n.date)).toEqual(Array.from({ length: nightsBetween(from, calendar.to) }, (_, i) => addDays(from, i)));
      const stateOf = (n: number) => night(calendar, day(n)).state;
      expect(calendar.nights.filter((n) => n.date < today).map((n) => n.state)).toEqual(Array(nightsBetween(from, today)).fill('past'));
      expect([0, 1, 2, 80, 81].map(stateOf)).toEqual(Array(5).fill('outside'));
      expect([18, 19, 20, 21, 22, 23, 24].map(stateOf)).toEqual(['free', 'preparation', 'booked', 'booked', 'booked', 'preparation', 'free']);
      expect([39, 40, 41, 42, 49, 50, 51, 52].map(stateOf)).toEqual(['preparation', 'imported', 'imported', 'preparation', 'free', 'blocked', 'blocked', 'free']);

      expect(night(calendar, day(21))).toMatchObject({ bookingId: booking.id, guestName: 'Ana Lima', importedFrom: null, startProblem: null });
      expect(night(calendar, day(40))).toMatchObject({ bookingId: null, guestName: null, importedFrom: 'airbnb.com', startProblem: null });
      expect(night(calendar, day(60))).toMatchObject({ priceCents: 30_000, customPrice: true, weekend: false, note: 'Festival' });
      expect(night(calendar, day(65))).toMatchObject({ minNights: 4, customPrice: false, note: null, startProblem: null });
      for (const n of calendar.nights.filter((n) => n.date >= day(3) && n.date < day(80) && n.date !== day(60) && n.date !== day(61))) {
        expect(n, n.date).toMatchObject(isWeekendNight(n.date) ? { priceCents: 15_000, weekend: true, customPrice: false } : { priceCents: 10_000, weekend: false, customPrice: false });
      }
      // Why a free night cannot start a stay, in the guest's words: its shortest stay meets the preparation time,
      // a closed night, or the window's end.
      expect(night(calendar, day(18)).startProblem).toBe('The host keeps 1 night free before and after each stay to prepare the home. Please choose other dates.');
      expect(night(calendar, day(49)).startProblem).toBe(CLOSED);
      expect(night(calendar, day(79)).startProblem).toBe(`This room can be booked from ${formatIsoDate(day(3))} to ${formatIsoDate(day(80))}. Please choose dates in that range.`);
      expect([day(3), day(24), day(78)].map((d) => night(calendar, d).startProblem)).toEqual([null, null, null]);
      // The same, as the problem and its figures, for a page to write in its language.
      const none = { count: null, from: null, to: null, weekdays: null, time: null, totalCents: null };
      expect(night(calendar, day(18)).startProblemFacts).toEqual({ ...none, problem: 'preparation', count: 1 });
      expect(night(calendar, day(49)).startProblemFacts).toEqual({ ...none, problem: 'blocked' });
      expect(night(calendar, day(79)).startProblemFacts).toEqual({ ...none, problem: 'outside-window', from: day(3), to: day(80) });
      expect([day(3), day(21), day(24)].map((d) => night(calendar, d).startProblemFacts)).toEqual([null, null, null]);

      const month = await calendarOf(room.id, `?from=${day(40)}&months=1`);
      const first = `${day(40).slice(0, 7)}-01`;
      expect(month).toMatchObject({ from: first, to: addMonthsToDate(first, 1) });
      expect(month.nights).toHaveLength(nightsBetween(first, addMonthsToDate(first, 1)));
      for (const query of ['?months=0', '?months=25', '?from=2030-02-30', '?from=9999-12-01&months=24']) {
        expect((await s.t.call('GET', `/api/room/${room.id}/calendar/nights${query}`, { as: s.host })).statusCode, query).toBe(400);
      }
      // Past the calendar's end: its last day named in English, and as the facts a page writes it from.
      const last = addDays(todayIso(), 3 * 366);
      expect(errorOf(await s.t.call('GET', `/api/room/${room.id}/calendar/nights?from=9999-12-01`, { as: s.host })).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: `from: The calendar reaches ${formatIsoDate(last)} at the latest.`,
        fields: { from: `The calendar reaches ${formatIsoDate(last)} at the latest.` },
        facts: { refusal: 'past-the-end', last },
      });
    });

    it('reaches back ten years from this month, and refuses an earlier first month with its first day named', async () => {
      const room = await s.newRoom({ preparationNights: 1 });
      const first = addMonthsToDate(`${todayIso().slice(0, 7)}-01`, -120);
      expect(await calendarOf(room.id, `?from=${first}&months=1`)).toMatchObject({ from: first, to: addMonthsToDate(first, 1) });
      for (const from of ['0001-01-01', '0001-02-01', addDays(first, -1)]) {
        expect(errorOf(await s.t.call('GET', `/api/room/${room.id}/calendar/nights?from=${from}&months=1`, { as: s.host })), from).toEqual({
          status: 400,
          error: {
            code: 'VALIDATION_FAILED',
            message: `from: The calendar reaches back to ${formatIsoDate(first)} at the earliest.`,
            fields: { from: `The calendar reaches back to ${formatIsoDate(first)} at the earliest.` },
            facts: { refusal: 'before-the-start', first },
          },
        });
      }
    });

    it('answers 401 to a visitor, 403 to a guest or another host, 404 for a room that is not there', async () => {
      const room = await s.newRoom();
      for (const [method, body] of [['GET', undefined], ['PUT', { from: day(5), to: day(6), set: { blocked: true } }]] as const) {
        const path = `/api/room/${room.id}/calendar/nights`;
        expect(errorOf(await s.t.call(method, path, { body }))).toEqual({ status: 401, ...SIGN_IN });
        expect(errorOf(await s.t.call(method, path, { as: s.guest, body }))).toEqual({ status: 403, ...WRONG_ROLE });
        const other = await s.t.call(method, path, { as: s.otherHost, body });
        expect(errorOf(other)).toEqual({ status: 403, ...NOT_THE_HOST });
        const missing = await s.t.call(method, `/api/room/${randomUUID()}/calendar/nights`, { as: s.host, body });
        expect(errorOf(missing)).toEqual({ status: 404, ...NOT_FOUND });
      }
      await s.t.database.db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, room.id));
      expect((await s.t.call('GET', `/api/room/${room.id}/calendar/nights`, { as: s.host })).statusCode).toBe(404);
      expect(await stored(room.id)).toEqual([]);
    });
  });

  describe('PUT /api/room/:id/calendar/nights', () => {
    it('blocks a week, reads it back, and refuses stays on it; unblocking part of it splits the block', async () => {
      const room = await s.newRoom();
      expect(await changed(room.id, { from: day(10), to: day(17), set: { blocked: true } })).toEqual([]);
      const calendar = await calendarOf(room.id);
      expect([9, 10, 13, 16, 17].map((n) => night(calendar, day(n)).state)).toEqual(['free', 'blocked', 'blocked', 'blocked', 'free']);
      expect(await stored(room.id)).toEqual([setting({ from: day(10), to: day(17) }, { blocked: true })]);
      expect(errorOf(await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: room.id, from: day(15), to: day(18) } }))).toEqual({
        status: 400,
        error: { code: 'BAD_REQUEST', message: CLOSED },
      });
      expect(await changed(room.id, { from: day(12), to: day(14), set: { blocked: false } })).toEqual([setting({ from: day(12), to: day(14) }, { blocked: true })]);
      expect(await stored(room.id)).toEqual([setting({ from: day(10), to: day(12) }, { blocked: true }), setting({ from: day(14), to: day(17) }, { blocked: true })]);
      await startPayment(s.t, s.guest, { roomId: room.id, from: day(12), to: day(14) });
    });

    it("prices nights: the calendar, the guest's quote and the availability show it; the private note stays the host's", async () => {
      const room = await s.newRoom({ priceCents: 12_000 });
      await changed(room.id, { from: day(20), to: day(23), set: { price: '199.50', note: '  Concert week ' } });
      const calendar = await calendarOf(room.id);
      expect(night(calendar, day(20))).toMatchObject({ priceCents: 19_950, customPrice: true, weekend: false, note: 'Concert week' });
      expect(night(calendar, day(23))).toMatchObject({ priceCents: 12_000, customPrice: false, note: null });
      const stay = { from: day(19), to: day(24) };
      const paying = await startPayment(s.t, s.guest, { roomId: room.id, ...stay });
      const settings = await stored(room.id);
      expect(paying.lines).toEqual(quoteStay(listingRulesOf(room), settings, stay, 1).lines);
      expect(paying.lines).toEqual([
        { kind: 'nights', amountCents: 24_000, credit: false, nights: 2, unitCents: 12_000, weekend: false },
        { kind: 'nights', amountCents: 59_850, credit: false, nights: 3, unitCents: 19_950, weekend: false },
      ]);
      expect(paying.totalCents).toBe(83_850);
      const availability = roomAvailabilitySchema.parse((await s.t.call('GET', `/api/room/${room.id}/availability`)).json());
      expect(availability.nights).toEqual([{ from: day(20), to: day(23), priceCents: 19_950, minNights: null, blocked: false }]);
      expect(JSON.stringify(availability)).not.toContain('Concert');
      // Null puts the listing's price back; the note stays.
      await changed(room.id, { from: day(20), to: day(23), set: { price: null } });
      expect(await stored(room.id)).toEqual([setting({ from: day(20), to: day(23) }, { note: 'Concert week' })]);
      for (const price of [0.99, '100000.01', 'free']) {
        expect((await change(room.id, { from: day(20), to: day(21), set: { price } })).statusCode, String(price)).toBe(400);
      }
    });

    it('asks a minimum stay of stays starting on chosen nights', async () => {
      const room = await s.newRoom();
      await changed(room.id, { from: day(30), to: day(31), set: { minNights: 4 } });
      expect(night(await calendarOf(room.id), day(30))).toMatchObject({ minNights: 4, startProblem: null });
      const short = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: room.id, from: day(30), to: day(33) } });
      expect(errorOf(short)).toEqual({ status: 400, error: { code: 'BAD_REQUEST', message: `This home takes stays of at least 4 nights starting on ${formatIsoDate(day(30))}.` } });
      await startPayment(s.t, s.guest, { roomId: room.id, from: day(30), to: day(34) });
      await startPayment(s.t, s.guest, { roomId: room.id, from: day(29), to: day(31) });
    });

    it('answers what the nights held, and putting it back undoes the change exactly', async () => {
      const room = await s.newRoom();
      await changed(room.id, { from: day(40), to: day(44), set: { price: 200, note: 'A' } });
      await changed(room.id, { from: day(46), to: day(48), set: { blocked: true } });
      await changed(room.id, { from: day(50), to: day(51), set: { minNights: 3 } });
      const before = await stored(room.id);
      const calendarBefore = await calendarOf(room.id);
      const range = { from: day(42), to: day(51) };
      const previous = await changed(room.id, { ...range, set: { price: 250, minNights: 2 } });
      expect(previous).toEqual([
        setting({ from: day(42), to: day(44) }, { priceCents: 20_000, note: 'A' }),
        setting({ from: day(46), to: day(48) }, { blocked: true }),
        setting({ from: day(50), to: day(51) }, { minNights: 3 }),
      ]);
      const after = await stored(room.id);
      expect(after).toEqual(applyNightChange(before, range, { priceCents: 25_000, minNights: 2 }));
      const redo = await changed(room.id, { ...range, restore: previous });
      expect(await stored(room.id)).toEqual(before);
      expect(await calendarOf(room.id)).toEqual(calendarBefore);
      // And the undo's own answer redoes the change.
      await changed(room.id, { ...range, restore: redo });
      expect(await stored(room.id)).toEqual(after);
      // The room's count of runs, which a dated search reads before its calendar, followed every change.
      const [counted] = await s.t.database.db.select({ runs: rooms.calendarRuns }).from(rooms).where(eq(rooms.id, room.id));
      expect(counted!.runs).toBe(after.length);
      await changed(room.id, { from: day(30), to: day(60), set: { blocked: false, price: null, minNights: null, note: null } });
      const [cleared] = await s.t.database.db.select({ runs: rooms.calendarRuns }).from(rooms).where(eq(rooms.id, room.id));
      expect({ stored: await stored(room.id), runs: cleared!.runs }).toEqual({ stored: [], runs: 0 });
    });

    it('refuses with 409 to block nights a confirmed stay holds, changing nothing; its check-out night and its prices are free to change', async () => {
      const room = await s.newRoom();
      const stay = { from: day(20), to: day(23) };
      const later = { from: day(30), to: day(32) };
      await insertBooking(s.t.database.db, { room, guestId: s.guest.id, checkIn: stay.from, checkOut: stay.to });
      await insertBooking(s.t.database.db, { room, guestId: s.otherGuest.id, checkIn: later.from, checkOut: later.to });
      await changed(room.id, { from: day(18), to: day(25), set: { price: 150 } });
      const before = await stored(room.id);
      for (const body of [
        { from: day(22), to: day(25), set: { blocked: true } },
        { from: day(5), to: day(40), set: { blocked: true, note: 'Closed' } },
        // Undoing onto nights booked since: the block it would put back meets the later stay, not the first one.
        { from: day(10), to: day(35), restore: [setting({ from: day(31), to: day(33) }, { blocked: true })] },
      ]) {
        const res = await change(room.id, body);
        expect(errorOf(res), JSON.stringify(body)).toEqual({ status: 409, error: heldByError(body.from === day(10) ? later : stay) });
      }
      expect(await stored(room.id)).toEqual(before);
      await changed(room.id, { from: day(23), to: day(25), set: { blocked: true } });
      await changed(room.id, { from: day(20), to: day(23), set: { price: 300, note: 'Booked at the old price' } });
    });

    it('refuses with 409 to block nights a request holds, saying it is a request the host can decline', async () => {
      const room = await s.newRoom();
      const asked = { from: day(20), to: day(23) };
      const { booking } = await insertBooking(s.t.database.db, { room, guestId: s.guest.id, checkIn: asked.from, checkOut: asked.to });
      // Waiting for the host's answer, as a request to book is until they accept it.
      await s.t.database.db.update(bookings).set({ status: 'requested', requestExpiresAt: new Date(Date.now() + 86_400_000) }).where(eq(bookings.id, booking.id));
      const before = await stored(room.id);
      const res = await change(room.id, { from: day(21), to: day(22), set: { blocked: true } });
      expect(errorOf(res)).toEqual({
        status: 409,
        error: {
          code: 'CONFLICT',
          message: `A request to stay from ${formatIsoDate(asked.from)} to ${formatIsoDate(asked.to)} holds some of these nights, so they cannot be blocked. Choose other nights, or decline the request first.`,
          facts: { refusal: 'request-in-the-way', ...asked },
        },
      });
      expect(await stored(room.id)).toEqual(before);
    });

    it('refuses nights before today, a change over two years, and a body with neither or both of set and restore', async () => {
      const room = await s.newRoom();
      const past = `Nights before today (${formatIsoDate(todayIso())} where the home is) cannot be changed.`;
      const long = 'A change can cover at most two years of nights.';
      const cases: [object, object][] = [
        [{ from: day(-1), to: day(3), set: { blocked: true } }, { code: 'VALIDATION_FAILED', message: past, fields: { from: past }, facts: { refusal: 'before-today', today: todayIso() } }],
        [{ from: day(1), to: day(733), set: { note: 'x' } }, { code: 'VALIDATION_FAILED', message: long, fields: { to: long } }],
        // The last nights of the calendar: refused with a reason, not a server error.
        [{ from: '9999-12-20', to: '9999-12-31', set: { blocked: true } }, {
            code: 'VALIDATION_FAILED',
            fields: { to: expect.stringMatching(/^The calendar reaches /) },
            facts: { refusal: 'past-the-end', last: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
          },
        ],
        [{ from: day(1), to: day(3) }, { code: 'VALIDATION_FAILED', message: 'set: Send either set or restore' }],
        [{ from: day(1), to: day(3), set: { blocked: true }, restore: [] }, { code: 'VALIDATION_FAILED', message: 'set: Send either set or restore' }],
        [{ from: day(3), to: day(3), set: { blocked: true } }, { code: 'VALIDATION_FAILED', message: 'to: The last night must not come before the first' }],
        [{ from: day(1), to: day(3), set: {} }, { code: 'VALIDATION_FAILED', message: 'set: Say what to change: blocked, price, minNights or note' }],
      ];
      for (const [body, error] of cases) {
        const res = await change(room.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(res).error, JSON.stringify(body)).toMatchObject(error);
      }
      expect(await stored(room.id)).toEqual([]);
      // Today and two years of nights are the limits, not past them.
      await changed(room.id, { from: day(0), to: day(731), set: { note: 'Two years' } });
      expect(await stored(room.id)).toEqual([setting({ from: day(0), to: day(731) }, { note: 'Two years' })]);
    });
  });

  describe('changes racing each other and bookings', () => {
    // Made when a test runs: `day` reads today then.
    const blockWeek = () => ({ from: day(10), to: day(17), set: { blocked: true } });
    const priceRange = () => ({ from: day(14), to: day(21), set: { price: 180 } });
    const BLOCK: NightChange = { blocked: true };
    const PRICE: NightChange = { priceCents: 18_000 };
    /** The settings the changes leave, made in this order on a room that had none. */
    const applied = (...order: [Stay, NightChange][]) => order.reduce<NightSetting[]>((settings, [range, c]) => applyNightChange(settings, range, c), []);

    it('two changes of overlapping nights at once both apply, one after the other, and never leave settings overlapping', async () => {
      const room = await s.newRoom();
      const answers = await Promise.all([change(room.id, blockWeek()), change(room.id, priceRange())]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const settings = await stored(room.id);
      expectNoOverlap(settings);
      expect([applied([blockWeek(), BLOCK], [priceRange(), PRICE]), applied([priceRange(), PRICE], [blockWeek(), BLOCK])]).toContainEqual(settings);
    });

    const cardHeld = async (roomId: string) => {
      const paying = await startPayment(s.t, s.guest, { roomId, from: day(12), to: day(15) });
      expect((await confirmCard(s.t, paying)).statusCode).toBe(200);
      return paying.paymentIntentId;
    };
    async function expectBlockWon(roomId: string, intentId: string, booked: { statusCode: number; json(): unknown }) {
      expect(errorOf(booked)).toEqual({ status: 409, error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
      expect(await s.paymentOf(intentId)).toMatchObject({ status: 'canceled' });
      expect(await s.eventsOf(intentId)).toContain('payment_intent.canceled');
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, roomId))).toHaveLength(0);
      expect(await stored(roomId)).toEqual([setting({ from: day(10), to: day(17) }, { blocked: true })]);
    }
    async function expectBookingWon(roomId: string, blocked: { statusCode: number; json(): unknown }) {
      expect(errorOf(blocked)).toEqual({ status: 409, error: heldByError({ from: day(12), to: day(15) }) });
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, roomId))).toHaveLength(1);
      expect(await stored(roomId)).toEqual([]);
    }

    it('a block and a booking of the same nights, one after the other: the second is refused with 409', async () => {
      const first = await s.newRoom();
      const intentId = await cardHeld(first.id);
      await changed(first.id, blockWeek());
      await expectBlockWon(first.id, intentId, await confirmBooking(s.t, s.guest, intentId));

      const second = await s.newRoom();
      await bookStay(s.t, s.guest, { roomId: second.id, from: day(12), to: day(15) });
      await expectBookingWon(second.id, await change(second.id, blockWeek()));
    });

    it('a block and a booking of the same nights at once: exactly one wins', async () => {
      const room = await s.newRoom();
      const intentId = await cardHeld(room.id);
      const [booked, blocked] = await Promise.all([confirmBooking(s.t, s.guest, intentId), change(room.id, blockWeek())]);
      // Whichever took the room's lock first: the other is refused, and never are both nights booked and closed.
      if (booked.statusCode === 201) {
        await expectBookingWon(room.id, blocked);
      } else {
        expect(blocked.statusCode, blocked.body).toBe(200);
        await expectBlockWon(room.id, intentId, booked);
      }
    });

    /** Holds the room's row lock on a connection of the test's own, lets `first` then `second` queue behind it, then lets go. */
    async function inOrder<A, B>(roomId: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
      const holder = new pg.Client({ connectionString: serverUrlOf(s.t.target) });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from rooms where id = $1 for update', [roomId]);
        const one = first();
        await untilBlockedBy(holder, one);
        const two = second();
        await untilQueuedBehind(holder, two);
        await holder.query('commit');
        return [await one, await two];
      } finally {
        await holder.end();
      }
    }

    itNeeding(twoConnectionsOn(kind), 'a block waiting for the room while a booking is being confirmed: the booking goes first, the block is refused', {}, async () => {
      const room = await s.newRoom();
      const intentId = await cardHeld(room.id);
      const [booked, blocked] = await inOrder(room.id, () => confirmBooking(s.t, s.guest, intentId), () => change(room.id, blockWeek()));
      expect(booked.statusCode, booked.body).toBe(201);
      await expectBookingWon(room.id, blocked);
    });

    itNeeding(twoConnectionsOn(kind), 'a booking waiting for the room while a block is being made: the block goes first, the booking is refused and voided', {}, async () => {
      const room = await s.newRoom();
      const intentId = await cardHeld(room.id);
      const [blocked, booked] = await inOrder(room.id, () => change(room.id, blockWeek()), () => confirmBooking(s.t, s.guest, intentId));
      expect(blocked.statusCode, blocked.body).toBe(200);
      await expectBlockWon(room.id, intentId, booked);
    });

    itNeeding(twoConnectionsOn(kind), 'two changes queued on the room apply in order, the second reading what the first wrote', {}, async () => {
      const room = await s.newRoom();
      const [one, two] = await inOrder(room.id, () => change(room.id, blockWeek()), () => change(room.id, priceRange()));
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect(nightsChangeResultSchema.parse(two.json()).previous).toEqual([setting({ from: day(14), to: day(17) }, { blocked: true })]);
      const settings = await stored(room.id);
      expectNoOverlap(settings);
      expect(settings).toEqual(applied([blockWeek(), BLOCK], [priceRange(), PRICE]));
    });
  });
});
