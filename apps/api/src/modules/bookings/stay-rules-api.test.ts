import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsToDate,
  bookingSchema,
  describeStayProblem,
  findStayProblem,
  formatIsoDate,
  listingRulesOf,
  maskOfWeekdays,
  quoteStay,
  stayProblemFacts,
  stayProblemText,
  todayIn,
  todayIso,
  tripSchema,
  weekdayOf,
  type NightSetting,
  type Stay,
  type StayProblem,
  type StayRoom,
} from '@staybook/domain';
import { insertBooking } from '../../db/factories.js';
import { bookings, calendarBlocks, calendarImports, payments, roomNightSettings, rooms } from '../../db/schema.js';
import { OVERLAPPING_BOOKING_MESSAGE } from '../../errors.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite, type FactoryRoom } from '../../test/booking-suite.js';
import { confirmBooking, confirmCard, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { listRoom, roomBody } from '../../test/rooms.js';

const [SUNDAY, , , , THURSDAY, FRIDAY, SATURDAY] = [0, 1, 2, 3, 4, 5, 6];

/** The first day `n` days or more from today that falls on `weekday` (read when the test runs). */
function dayOn(weekday: number, atLeast: number): string {
  for (let n = atLeast; ; n += 1) if (weekdayOf(day(n)) === weekday) return day(n);
}

const stayOf = (from: string, nights: number): Stay => ({ from, to: addDays(from, nights) });

/** The facts the room's page knows about a factory room: its window, price, rules and the calendar's settings. */
function stayRoomOf(row: FactoryRoom, nightSettings: NightSetting[] = []): StayRoom {
  const { priceCents: _price, ...rules } = listingRulesOf(row);
  return {
    from: row.availableFrom,
    to: row.availableTo,
    priceCents: row.priceCents,
    guests: row.guests,
    hostId: row.hostId,
    today: todayIn(row.timeZone),
    timeZone: row.timeZone,
    rules,
    nightSettings,
  };
}

const setting = (range: Stay, values: Partial<NightSetting>): NightSetting => ({ ...range, priceCents: null, minNights: null, blocked: false, note: null, ...values });

/** The stay rules as `POST /api/create-payment-intent` applies them, each at its boundary, and the one quote it charges. */
describe.each(TEST_DATABASE_KINDS)('stay rules API on %s', (kind) => {
  const s = useBookingSuite(kind);

  const intent = (roomId: string, stay: Stay, guests?: number) =>
    s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId, ...stay, ...(guests ? { guests } : {}) } });

  /**
   * The stay is refused with `message`, which is the problem's one wording for the same facts (what the room's page
   * shows), and the domain finds that problem too.
   */
  async function expectRefused(
    row: FactoryRoom,
    stay: Stay,
    problem: StayProblem,
    message: string,
    { guests, settings = [], taken = [] }: { guests?: number; settings?: NightSetting[]; taken?: Stay[] } = {},
  ): Promise<void> {
    const res = await intent(row.id, stay, guests);
    expect(errorOf(res), `${stay.from}..${stay.to}`).toEqual({ status: 400, error: { code: 'BAD_REQUEST', message } });
    const facts = { stay, room: stayRoomOf(row, settings), ...(guests ? { guests } : {}) };
    expect(findStayProblem({ ...facts, taken, viewerId: s.guest.id })).toBe(problem);
    expect(describeStayProblem(problem, facts)).toBe(message);
    expect(stayProblemText(stayProblemFacts(problem, facts))).toBe(message);
  }

  const accepted = (row: FactoryRoom, stay: Stay, guests?: number) => startPayment(s.t, s.guest, { roomId: row.id, ...stay, ...(guests ? { guests } : {}) });

  it('asks the advance notice: a stay starting one day too soon is refused, the first allowed day is taken', async () => {
    const row = await s.newRoom({ availableFrom: day(0), noticeDays: 3 });
    await expectRefused(row, stayOf(day(2), 2), 'notice', 'Book at least 3 days ahead.');
    await accepted(row, stayOf(day(3), 2));
    const oneDay = await s.newRoom({ availableFrom: day(0), noticeDays: 1 });
    await expectRefused(oneDay, stayOf(day(0), 1), 'notice', 'Book at least 1 day ahead.');
    await accepted(oneDay, stayOf(day(1), 1));
  });

  it("closes same-day stays at the cut-off where the home is; without one, today can be booked all day", async () => {
    // 00:00 has always passed: today is closed, tomorrow open.
    const closed = await s.newRoom({ availableFrom: day(0), sameDayUntil: '00:00' });
    await expectRefused(
      closed,
      stayOf(day(0), 2),
      'notice',
      "Same-day stays can be booked until 00:00 (the home's time). Please choose a later check-in day.",
    );
    await accepted(closed, stayOf(day(1), 2));
    await accepted(await s.newRoom({ availableFrom: day(0) }), stayOf(day(0), 2));
  });

  it('takes stays starting up to the last day of the booking window, and refuses the day after', async () => {
    const row = await s.newRoom({ availableFrom: day(1), availableTo: day(200), bookingWindowMonths: 3 });
    const last = addMonthsToDate(todayIso(), 3);
    await accepted(row, stayOf(last, 2));
    await expectRefused(row, stayOf(addDays(last, 1), 2), 'booking-window', 'This home takes stays starting at most 3 months ahead.');
  });

  it('checks in and out on the allowed weekdays only', async () => {
    const checkIn = await s.newRoom({ checkInDays: maskOfWeekdays([FRIDAY, SATURDAY]) });
    const thursday = dayOn(THURSDAY, 2);
    await expectRefused(checkIn, stayOf(thursday, 3), 'check-in-day', 'Check-in is on Fridays and Saturdays only.');
    await accepted(checkIn, stayOf(addDays(thursday, 1), 3));
    await accepted(checkIn, stayOf(addDays(thursday, 2), 3));

    const checkOut = await s.newRoom({ checkOutDays: maskOfWeekdays([SUNDAY]) });
    const friday = dayOn(FRIDAY, 2);
    await expectRefused(checkOut, stayOf(friday, 1), 'check-out-day', 'Check-out is on Sundays only.');
    await expectRefused(checkOut, stayOf(friday, 3), 'check-out-day', 'Check-out is on Sundays only.');
    await accepted(checkOut, stayOf(friday, 2));
  });

  it("asks the listing's minimum and maximum nights: one night fewer or more is refused", async () => {
    const row = await s.newRoom({ minNights: 3, maxNights: 5 });
    await expectRefused(row, stayOf(day(5), 2), 'min-nights', 'This home takes stays of at least 3 nights.');
    await accepted(row, stayOf(day(5), 3));
    await accepted(row, stayOf(day(10), 5));
    await expectRefused(row, stayOf(day(10), 6), 'max-nights', 'This home takes stays of at most 5 nights.');
  });

  it("asks the calendar's minimum stay of the check-in night only", async () => {
    const row = await s.newRoom({ minNights: 2 });
    const night = day(20);
    const settings = [setting({ from: night, to: addDays(night, 1) }, { minNights: 5 })];
    await s.t.database.db.insert(roomNightSettings).values({ roomId: row.id, checkIn: night, checkOut: addDays(night, 1), minNights: 5 });
    await expectRefused(row, stayOf(night, 4), 'min-nights', `This home takes stays of at least 5 nights starting on ${formatIsoDate(night)}.`, { settings });
    await accepted(row, stayOf(night, 5));
    // A stay through that night, starting the night before, asks the listing's minimum.
    await accepted(row, stayOf(addDays(night, -1), 2));
    await expectRefused(row, stayOf(addDays(night, 1), 1), 'min-nights', 'This home takes stays of at least 2 nights.', { settings });
  });

  it('refuses nights the host closed in the calendar with 400; the nights around them stay bookable', async () => {
    const row = await s.newRoom();
    const closed = { from: day(10), to: day(12) };
    const settings = [setting(closed, { blocked: true })];
    await s.t.database.db.insert(roomNightSettings).values({ roomId: row.id, checkIn: closed.from, checkOut: closed.to, blocked: true });
    const message = 'The host has closed some of these nights. Please choose other dates.';
    for (const stay of [stayOf(day(11), 2), stayOf(day(9), 2), stayOf(day(5), 10), stayOf(day(10), 1)]) {
      await expectRefused(row, stay, 'blocked', message, { settings });
    }
    await accepted(row, stayOf(day(8), 2));
    await accepted(row, stayOf(day(12), 2));
  });

  it('keeps the preparation time free around a confirmed stay: a gap of N nights is taken, N − 1 refused', async () => {
    const row = await s.newRoom({ preparationNights: 2 });
    const stay = { from: day(20), to: day(23) };
    await insertBooking(s.t.database.db, { room: row, guestId: s.otherGuest.id, checkIn: stay.from, checkOut: stay.to });
    const message = 'The host keeps 2 nights free before and after each stay to prepare the home. Please choose other dates.';
    await accepted(row, { from: day(15), to: day(18) });
    await expectRefused(row, { from: day(16), to: day(19) }, 'preparation', message, { taken: [stay] });
    await accepted(row, { from: day(25), to: day(27) });
    await expectRefused(row, { from: day(24), to: day(26) }, 'preparation', message, { taken: [stay] });
    // The stay's own nights are taken, as without preparation time.
    expect(errorOf(await intent(row.id, { from: day(22), to: day(24) }))).toEqual({ status: 409, error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
  });

  it('keeps the preparation time free around nights an imported calendar took', async () => {
    const row = await s.newRoom({ preparationNights: 1 });
    const [feed] = await s.t.database.db.insert(calendarImports).values({ roomId: row.id, url: 'https://www.airbnb.com/calendar/ical/1.ics' }).returning();
    const block = { from: day(40), to: day(42) };
    await s.t.database.db.insert(calendarBlocks).values({ importId: feed!.id, roomId: row.id, checkIn: block.from, checkOut: block.to });
    const message = 'The host keeps 1 night free before and after each stay to prepare the home. Please choose other dates.';
    await accepted(row, { from: day(37), to: day(39) });
    await expectRefused(row, { from: day(37), to: day(40) }, 'preparation', message, { taken: [block] });
    await accepted(row, { from: day(43), to: day(45) });
    await expectRefused(row, { from: day(42), to: day(44) }, 'preparation', message, { taken: [block] });
    // Its own nights are answered as nights booked here.
    expect(errorOf(await intent(row.id, { from: day(41), to: day(43) }))).toEqual({ status: 409, error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
  });

  it("states the total with the extra guests' fee when a stay costs too much, and counts their fee against the minimum", async () => {
    // $100,000 a night for 9 nights is $900,000; a second guest's $20,000 a night takes it past $999,999.99.
    const dear = await s.newRoom({ priceCents: 10_000_000, extraGuestFeeCents: 2_000_000, guestsIncluded: 1, guests: 2 });
    await expectRefused(
      dear,
      stayOf(day(5), 9),
      'above-maximum',
      'One booking can cost at most $999,999.99; this stay costs $1,080,000. Please choose fewer nights.',
      { guests: 2 },
    );
    // $1 a night is too little for one guest, but a second guest's $1 makes it $2: bookable, preparation time or not.
    for (const preparationNights of [0, 1]) {
      const cheap = await s.newRoom({ priceCents: 100, extraGuestFeeCents: 100, guestsIncluded: 1, guests: 2, preparationNights });
      await expectRefused(cheap, stayOf(day(5), 1), 'below-minimum', 'Card payments start above $1; this stay costs $1.');
      expect(await accepted(cheap, stayOf(day(5), 1), 2), `preparation ${preparationNights}`).toMatchObject({ totalCents: 200 });
    }
  });

  it('charges the one quote (weekend price, cleaning and extra-guest fees, weekly discount, tax) and books its lines for good', async () => {
    const listed = await listRoom(s.t, s.host, {
      from: day(1),
      to: day(60),
      price: 100,
      guests: 4,
      weekendPrice: 150,
      cleaningFee: 40,
      extraGuestFee: 10,
      guestsIncluded: 2,
      weeklyDiscount: 10,
      monthlyDiscount: 20,
      taxRate: 12.5,
    });
    // Eight nights from a Thursday: six at the nightly price, Friday and Saturday at the weekend price.
    const stay = stayOf(dayOn(THURSDAY, 2), 8);
    const quote = quoteStay(listingRulesOf({ ...listed.rules, priceCents: listed.priceCents }), [], stay, 3);
    expect(quote.lines).toEqual([
      { kind: 'nights', amountCents: 60_000, credit: false, nights: 6, unitCents: 10_000, weekend: false },
      { kind: 'nights', amountCents: 30_000, credit: false, nights: 2, unitCents: 15_000, weekend: true },
      { kind: 'weekly-discount', amountCents: 9_000, credit: true, percent: 10 },
      { kind: 'cleaning-fee', amountCents: 4_000, credit: false },
      { kind: 'extra-guest-fee', amountCents: 8_000, credit: false, guests: 1, nights: 8 },
      { kind: 'tax', amountCents: 11_625, credit: false, rateBp: 1_250 },
    ]);
    expect(quote.totalCents).toBe(104_625);

    const paying = await startPayment(s.t, s.guest, { roomId: listed._id, ...stay, guests: 3 });
    expect(paying).toMatchObject({ nights: 8, nightlyPriceCents: 10_000, totalCents: quote.totalCents, guests: 3 });
    expect(paying.lines).toEqual(quote.lines);
    expect(await s.paymentOf(paying.paymentIntentId)).toMatchObject({ amountCents: quote.totalCents, priceLines: quote.lines });

    expect((await confirmCard(s.t, paying)).statusCode).toBe(200);
    const res = await confirmBooking(s.t, s.guest, paying.paymentIntentId);
    expect(res.statusCode, res.body).toBe(201);
    const booking = bookingSchema.parse(res.json());
    expect(booking).toMatchObject({ priceCents: quote.totalCents, guests: 3, from: stay.from, to: stay.to });
    expect(booking.lines).toEqual(quote.lines);

    // The host changes every price and fee afterwards: the booking keeps what it was charged.
    const changed = await s.t.call('PUT', `/api/room/update/${listed._id}`, {
      as: s.host,
      body: roomBody({ image: listed.image, from: listed.from, to: listed.to, price: 300, weekendPrice: 500, cleaningFee: 0, extraGuestFee: 0, weeklyDiscount: 0, taxRate: 20 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const trip = await s.t.call('GET', `/api/trips/${booking._id}`, { as: s.guest });
    expect(trip.statusCode, trip.body).toBe(200);
    expect(tripSchema.parse(trip.json()).booking).toMatchObject({ priceCents: quote.totalCents, lines: quote.lines });
    const [stored] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(stored).toMatchObject({ totalCents: quote.totalCents, priceLines: quote.lines });
    const [payment] = await s.t.database.db.select().from(payments).where(eq(payments.id, stored!.paymentId));
    expect(payment).toMatchObject({ amountCents: quote.totalCents, priceLines: quote.lines });
    // While a new stay is priced by the new rules.
    const later = stayOf(addDays(stay.to, 7), 2);
    const repriced = await startPayment(s.t, s.otherGuest, { roomId: listed._id, ...later });
    const [room] = await s.t.database.db.select().from(rooms).where(eq(rooms.id, listed._id));
    expect(repriced.lines).toEqual(quoteStay(listingRulesOf(room!), [], later, 1).lines);
    expect(repriced.lines.at(-1)).toMatchObject({ kind: 'tax', rateBp: 2_000 });
  });
});
