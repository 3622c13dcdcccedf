import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LISTING_RULES, roomSchema, type Room } from '@staybook/domain';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { useHostingSuite, validationError } from '../../test/hosting-suite.js';
import { ownRoomBody, roomBody } from '../../test/rooms.js';

type Rules = Room['rules'];
type Case = [Record<string, unknown>, string, string];

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** Every rule field as the form sends it when the host keeps the defaults: a body that sets each one back. */
const DEFAULT_FIELDS = {
  weekendPrice: null,
  minNights: 1,
  maxNights: 365,
  checkInDays: ALL_DAYS,
  checkOutDays: ALL_DAYS,
  noticeDays: 0,
  sameDayUntil: null,
  bookingWindowMonths: null,
  preparationNights: 0,
  cleaningFee: 0,
  extraGuestFee: 0,
  guestsIncluded: 1,
  weeklyDiscount: 0,
  monthlyDiscount: 0,
  taxRate: 0,
};

const nights = (label: string) => `${label} must be a whole number from 1 to 365`;
const notice = 'Advance notice must be a whole number from 0 to 7 days';
const cutOff = 'Same-day cut-off must be a time such as 18:00';
const window = 'Booking window must be 3, 6, 9, 12 or 24 months, or empty for the whole availability';
const preparation = 'Preparation time must be 0, 1 or 2 nights';
const included = 'Guests included in the price must be a whole number from 1 to 50';
const discount = (label: string) => `${label} discount must be a whole number from 0 to 90 percent`;
const tax = 'Occupancy tax must be a percentage from 0 to 30 with at most two decimals';

/** Each field's last refused values (at both ends, and malformed), with the message naming the field. */
const REFUSED: Case[] = [
  [{ weekendPrice: 0.99 }, 'weekendPrice', 'Weekend price must be at least $1'],
  [{ weekendPrice: '100000.01' }, 'weekendPrice', 'Weekend price must be at most $100,000'],
  [{ weekendPrice: 10.999 }, 'weekendPrice', 'Weekend price can have at most two decimals'],
  [{ weekendPrice: 'cheap' }, 'weekendPrice', 'Weekend price must be an amount in dollars'],
  [{ minNights: 0 }, 'minNights', nights('Minimum nights')],
  [{ minNights: 366 }, 'minNights', nights('Minimum nights')],
  [{ minNights: 2.5 }, 'minNights', nights('Minimum nights')],
  [{ maxNights: 0 }, 'maxNights', nights('Maximum nights')],
  [{ maxNights: 366 }, 'maxNights', nights('Maximum nights')],
  [{ checkInDays: [] }, 'checkInDays', 'Please choose at least one check-in day'],
  [{ checkInDays: [7] }, 'checkInDays', 'Check-in days must be weekdays from 0 (Sunday) to 6 (Saturday)'],
  [{ checkInDays: [-1, 3] }, 'checkInDays', 'Check-in days must be weekdays from 0 (Sunday) to 6 (Saturday)'],
  [{ checkInDays: 'Friday' }, 'checkInDays', 'Check-in days must be a list of weekdays'],
  [{ checkOutDays: [] }, 'checkOutDays', 'Please choose at least one check-out day'],
  [{ checkOutDays: [0, 7] }, 'checkOutDays', 'Check-out days must be weekdays from 0 (Sunday) to 6 (Saturday)'],
  [{ noticeDays: -1 }, 'noticeDays', notice],
  [{ noticeDays: 8 }, 'noticeDays', notice],
  [{ sameDayUntil: '24:00' }, 'sameDayUntil', cutOff],
  [{ sameDayUntil: '18:60' }, 'sameDayUntil', cutOff],
  [{ bookingWindowMonths: 2 }, 'bookingWindowMonths', window],
  [{ bookingWindowMonths: 4 }, 'bookingWindowMonths', window],
  [{ bookingWindowMonths: 25 }, 'bookingWindowMonths', window],
  [{ preparationNights: -1 }, 'preparationNights', preparation],
  [{ preparationNights: 3 }, 'preparationNights', preparation],
  [{ cleaningFee: -0.01 }, 'cleaningFee', 'Cleaning fee must be at least $0'],
  [{ cleaningFee: 100_000.01 }, 'cleaningFee', 'Cleaning fee must be at most $100,000'],
  [{ cleaningFee: '4.005' }, 'cleaningFee', 'Cleaning fee can have at most two decimals'],
  [{ extraGuestFee: -0.01 }, 'extraGuestFee', 'Extra guest fee must be at least $0'],
  [{ extraGuestFee: 100_000.01 }, 'extraGuestFee', 'Extra guest fee must be at most $100,000'],
  [{ guestsIncluded: 0 }, 'guestsIncluded', included],
  [{ guestsIncluded: 51 }, 'guestsIncluded', included],
  [{ weeklyDiscount: -1 }, 'weeklyDiscount', discount('Weekly')],
  [{ weeklyDiscount: 91 }, 'weeklyDiscount', discount('Weekly')],
  [{ weeklyDiscount: 10.5 }, 'weeklyDiscount', discount('Weekly')],
  [{ monthlyDiscount: -1 }, 'monthlyDiscount', discount('Monthly')],
  [{ monthlyDiscount: 91 }, 'monthlyDiscount', discount('Monthly')],
  [{ taxRate: -0.01 }, 'taxRate', tax],
  [{ taxRate: 30.01 }, 'taxRate', tax],
  [{ taxRate: 12.345 }, 'taxRate', tax],
  [{ taxRate: 'ten' }, 'taxRate', tax],
];

/** Each field's first accepted values (and blanks), and what the room answers for them in `rules`. */
const ACCEPTED: [Record<string, unknown>, Partial<Rules>][] = [
  [{ weekendPrice: 1 }, { weekendPriceCents: 100 }],
  [{ weekendPrice: '100000' }, { weekendPriceCents: 10_000_000 }],
  [{ weekendPrice: ' 149.99 ' }, { weekendPriceCents: 14_999 }],
  [{ weekendPrice: '' }, { weekendPriceCents: null }],
  [{ minNights: 1 }, { minNights: 1 }],
  [{ minNights: 365 }, { minNights: 365 }],
  [{ maxNights: 1 }, { maxNights: 1 }],
  [{ maxNights: '365' }, { maxNights: 365 }],
  [{ minNights: 7, maxNights: 7 }, { minNights: 7, maxNights: 7 }],
  [{ checkInDays: [0] }, { checkInDays: 0b000_0001 }],
  [{ checkInDays: [6] }, { checkInDays: 0b100_0000 }],
  [{ checkInDays: ['5', 6, 6] }, { checkInDays: 0b110_0000 }],
  [{ checkOutDays: [0, 1] }, { checkOutDays: 0b000_0011 }],
  [{ noticeDays: 0 }, { noticeDays: 0 }],
  [{ noticeDays: 7 }, { noticeDays: 7 }],
  [{ sameDayUntil: '00:00' }, { sameDayUntil: '00:00' }],
  [{ sameDayUntil: '23:59' }, { sameDayUntil: '23:59' }],
  [{ sameDayUntil: '' }, { sameDayUntil: null }],
  [{ bookingWindowMonths: 3 }, { bookingWindowMonths: 3 }],
  [{ bookingWindowMonths: '24' }, { bookingWindowMonths: 24 }],
  [{ preparationNights: 2 }, { preparationNights: 2 }],
  [{ cleaningFee: 0 }, { cleaningFeeCents: 0 }],
  [{ cleaningFee: '100000' }, { cleaningFeeCents: 10_000_000 }],
  [{ cleaningFee: 45.5 }, { cleaningFeeCents: 4_550 }],
  [{ cleaningFee: '' }, { cleaningFeeCents: 0 }],
  [{ extraGuestFee: 0.01 }, { extraGuestFeeCents: 1 }],
  [{ extraGuestFee: 100_000 }, { extraGuestFeeCents: 10_000_000 }],
  [{ guestsIncluded: 1 }, { guestsIncluded: 1 }],
  [{ guestsIncluded: 50 }, { guestsIncluded: 50 }],
  [{ weeklyDiscount: 0 }, { weeklyDiscountPct: 0 }],
  [{ weeklyDiscount: 90 }, { weeklyDiscountPct: 90 }],
  [{ monthlyDiscount: '90' }, { monthlyDiscountPct: 90 }],
  [{ taxRate: 0 }, { taxRateBp: 0 }],
  [{ taxRate: 30 }, { taxRateBp: 3_000 }],
  [{ taxRate: 12.34 }, { taxRateBp: 1_234 }],
  [{ taxRate: '7.5' }, { taxRateBp: 750 }],
  [{ taxRate: null }, { taxRateBp: 0 }],
];

/** A room's stay rules and fees as the API takes them: `POST /api/room` and `PUT /api/room/update/:id`. */
describe.each(TEST_DATABASE_KINDS)('listing rules API on %s', (kind) => {
  const s = useHostingSuite(kind);
  let room: Room;
  /** The form as it last listed the room: its photo recorded as Hana's upload. */
  let base: Record<string, unknown>;

  beforeAll(async () => {
    base = await ownRoomBody(s.t, s.host);
    const res = await s.t.call('POST', '/api/room', { as: s.host, body: base });
    expect(res.statusCode, res.body).toBe(201);
    room = roomSchema.parse(res.json());
  });

  const update = (id: string, fields: Record<string, unknown>) => s.t.call('PUT', `/api/room/update/${id}`, { as: s.host, body: { ...base, ...fields } });
  const rulesOf = async (id: string): Promise<Rules> => roomSchema.parse((await s.t.call('GET', `/api/room/${id}`)).json()).rules;

  it('gives a room listed without rules the defaults: any stay, one price, no fees', () => {
    expect(room.rules).toEqual(DEFAULT_LISTING_RULES);
  });

  it("refuses each rule field's last refused values with 400 naming the field, on a new room and on an update, changing nothing", async () => {
    const before = await rulesOf(room._id);
    for (const [fields, field, message] of REFUSED) {
      const created = await s.t.call('POST', '/api/room', { as: s.host, body: roomBody(fields) });
      expect(created.statusCode, `POST ${JSON.stringify(fields)}`).toBe(400);
      expect(created.json()).toEqual(validationError(field, message));
      const updated = await update(room._id, fields);
      expect(updated.statusCode, `PUT ${JSON.stringify(fields)}`).toBe(400);
      expect(updated.json()).toEqual(validationError(field, message));
    }
    expect(await rulesOf(room._id)).toEqual(before);
  });

  it("accepts each rule field's first accepted values and answers them back in rules", async () => {
    for (const [fields, expected] of ACCEPTED) {
      const res = await update(room._id, { ...DEFAULT_FIELDS, ...fields });
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(200);
      expect(roomSchema.parse(res.json()).rules, JSON.stringify(fields)).toEqual({ ...DEFAULT_LISTING_RULES, ...expected });
      expect(await rulesOf(room._id)).toEqual({ ...DEFAULT_LISTING_RULES, ...expected });
    }
  });

  it('lists a new room with every rule at once, and answers them on its page and to its host', async () => {
    const body = await ownRoomBody(s.t, s.host, {
      weekendPrice: '180',
      minNights: 2,
      maxNights: 14,
      checkInDays: [5, 6],
      checkOutDays: [0],
      noticeDays: 0,
      sameDayUntil: '18:00',
      bookingWindowMonths: 6,
      preparationNights: 1,
      cleaningFee: '45.50',
      extraGuestFee: 12,
      guestsIncluded: 2,
      weeklyDiscount: 10,
      monthlyDiscount: 25,
      taxRate: '12.34',
      instantBook: false,
    });
    const res = await s.t.call('POST', '/api/room', { as: s.host, body });
    expect(res.statusCode, res.body).toBe(201);
    const rules: Rules = {
      weekendPriceCents: 18_000,
      minNights: 2,
      maxNights: 14,
      checkInDays: 0b110_0000,
      checkOutDays: 0b000_0001,
      noticeDays: 0,
      sameDayUntil: '18:00',
      bookingWindowMonths: 6,
      preparationNights: 1,
      cleaningFeeCents: 4_550,
      extraGuestFeeCents: 1_200,
      guestsIncluded: 2,
      weeklyDiscountPct: 10,
      monthlyDiscountPct: 25,
      taxRateBp: 1_234,
      instantBook: false,
    };
    const created = roomSchema.parse(res.json());
    expect(created.rules).toEqual(rules);
    expect(await rulesOf(created._id)).toEqual(rules);
    expect(await s.roomRow(created._id)).toMatchObject(rules);
    expect(roomSchema.parse((await s.t.call('GET', `/api/room/${created._id}`, { as: s.host })).json()).rules).toEqual(rules);
  });

  it('keeps the stored value of every rule an update leaves out, and changes only those it names', async () => {
    const set = {
      weekendPrice: 200,
      minNights: 3,
      maxNights: 30,
      checkInDays: [1, 4],
      checkOutDays: [2, 5],
      noticeDays: 2,
      bookingWindowMonths: 12,
      preparationNights: 2,
      cleaningFee: 60,
      extraGuestFee: 15,
      guestsIncluded: 3,
      weeklyDiscount: 5,
      monthlyDiscount: 20,
      taxRate: 8.25,
      instantBook: false,
    };
    const res = await update(room._id, set);
    expect(res.statusCode, res.body).toBe(200);
    const stored = roomSchema.parse(res.json()).rules;
    expect(stored).toEqual({
      weekendPriceCents: 20_000,
      minNights: 3,
      maxNights: 30,
      checkInDays: 0b001_0010,
      checkOutDays: 0b010_0100,
      noticeDays: 2,
      sameDayUntil: null,
      bookingWindowMonths: 12,
      preparationNights: 2,
      cleaningFeeCents: 6_000,
      extraGuestFeeCents: 1_500,
      guestsIncluded: 3,
      weeklyDiscountPct: 5,
      monthlyDiscountPct: 20,
      taxRateBp: 825,
      instantBook: false,
    });

    // The form of a client that knows no rules: every rule stays, and so does a new title.
    const plain = await update(room._id, { title: 'Cabin, renamed' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(roomSchema.parse(plain.json())).toMatchObject({ title: 'Cabin, renamed', rules: stored });

    const one = await update(room._id, { cleaningFee: 75 });
    expect(roomSchema.parse(one.json()).rules).toEqual({ ...stored, cleaningFeeCents: 7_500 });
    expect(await rulesOf(room._id)).toEqual({ ...stored, cleaningFeeCents: 7_500 });
  });

  it('refuses a maximum stay below the minimum, naming maxNights, whichever of the two the request changes', async () => {
    const listed = await s.t.call('POST', '/api/room', { as: s.host, body: await ownRoomBody(s.t, s.host, { minNights: 5, maxNights: 4 }) });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual(validationError('maxNights', 'Maximum nights must be at least the minimum nights'));

    const ok = await update(room._id, { minNights: 5, maxNights: 10 });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await rulesOf(room._id);
    // Each checked against what the room has: its stored minimum, or its stored maximum.
    for (const fields of [{ maxNights: 4 }, { minNights: 11 }, { minNights: 12, maxNights: 11 }]) {
      const res = await update(room._id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual(validationError('maxNights', 'Maximum nights must be at least the minimum nights'));
    }
    expect(await rulesOf(room._id)).toEqual(before);
    const equal = await update(room._id, { minNights: 10 });
    expect(roomSchema.parse(equal.json()).rules).toMatchObject({ minNights: 10, maxNights: 10 });
    const both = await update(room._id, { minNights: 1, maxNights: 365 });
    expect(roomSchema.parse(both.json()).rules).toMatchObject({ minNights: 1, maxNights: 365 });
  });

  it('takes a same-day cut-off only without advance notice, and drops it when notice days are asked', async () => {
    const listed = await s.t.call('POST', '/api/room', { as: s.host, body: await ownRoomBody(s.t, s.host, { noticeDays: 1, sameDayUntil: '18:00' }) });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual(validationError('sameDayUntil', 'A same-day cut-off needs an advance notice of 0 days'));

    const cut = await update(room._id, { noticeDays: 0, sameDayUntil: '18:00' });
    expect(roomSchema.parse(cut.json()).rules).toMatchObject({ noticeDays: 0, sameDayUntil: '18:00' });
    // Notice days alone: the cut-off no longer means anything, and goes.
    const notice = await update(room._id, { noticeDays: 2 });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(roomSchema.parse(notice.json()).rules).toMatchObject({ noticeDays: 2, sameDayUntil: null });
    // A cut-off alone, on a room that asks notice days: refused, against the stored notice.
    const late = await update(room._id, { sameDayUntil: '20:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(validationError('sameDayUntil', 'A same-day cut-off needs an advance notice of 0 days'));
    expect(await rulesOf(room._id)).toMatchObject({ noticeDays: 2, sameDayUntil: null });
  });
});
