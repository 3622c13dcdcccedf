import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketplaceFeesSchema, NO_FEE_RATES, roomSchema, roomsPageSchema, tripSchema, type ListedRoom } from '@staybook/domain';
import { bookings } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import { CAST_NAMES } from '../../test/cast.js';

describe.each(TEST_DATABASE_KINDS)("the marketplace's fees on %s", (kind) => {
  const s = useBookingSuite(kind);
  const setFees = (body: unknown, as = s.admin) => s.t.call('PUT', '/api/admin/fees', { as, body });

  it('are for admins only; none at first; each change is kept with who made it, newest first', async () => {
    expect(errorOf(await s.t.call('GET', '/api/admin/fees'))).toEqual({ status: 401, ...SIGN_IN });
    for (const as of [s.guest, s.host]) {
      expect(errorOf(await s.t.call('GET', '/api/admin/fees', { as }))).toEqual({ status: 403, ...WRONG_ROLE });
      expect(errorOf(await setFees({ guestFeePercent: '10', hostCommissionPercent: '3' }, as))).toEqual({ status: 403, ...WRONG_ROLE });
    }
    const first = await s.t.call('GET', '/api/admin/fees', { as: s.admin });
    expect(marketplaceFeesSchema.parse(first.json())).toEqual({ current: NO_FEE_RATES, history: [] });

    for (const [field, value] of [['guestFeePercent', '25.01'], ['guestFeePercent', '1.234'], ['hostCommissionPercent', '-1'], ['hostCommissionPercent', 'ten']] as const) {
      const refused = await setFees({ guestFeePercent: '10', hostCommissionPercent: '3', [field]: value });
      expect(refused.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys((refused.json() as { error: { fields: object } }).error.fields)).toEqual([field]);
    }
    const set = await setFees({ guestFeePercent: '10', hostCommissionPercent: '3.5' });
    expect(set.statusCode, set.body).toBe(200);
    const change = { guestFeeBp: 1_000, hostCommissionBp: 350, setBy: { name: CAST_NAMES.admin } };
    expect(marketplaceFeesSchema.parse(set.json())).toMatchObject({ current: change, history: [change] });
    const again = marketplaceFeesSchema.parse((await setFees({ guestFeePercent: 12.5, hostCommissionPercent: 0 })).json());
    expect(again.current).toMatchObject({ guestFeeBp: 1_250, hostCommissionBp: 0 });
    expect(again.history).toMatchObject([{ guestFeeBp: 1_250, hostCommissionBp: 0 }, { guestFeeBp: 1_000, hostCommissionBp: 350 }]);
    await setFees({ guestFeePercent: '0', hostCommissionPercent: '0' });
  });

  it("adds the service fee to every price from then on, and a booking keeps the rates it was made with", async () => {
    const room = await s.newRoom({ priceCents: 10_000, cleaningFeeCents: 2_000 });
    await setFees({ guestFeePercent: '10', hostCommissionPercent: '3' });
    // The room page quotes with it…
    const page = roomSchema.parse((await s.t.call('GET', `/api/room/${room.id}`)).json());
    expect(page.serviceFeeBp).toBe(1_000);
    // …the dated search's card totals it: 2 nights at $100 and $20 cleaning is $220, and 10% of it on top…
    const search = roomsPageSchema.parse((await s.t.call('GET', `/api/rooms?checkin=${day(3)}&checkout=${day(5)}`)).json());
    expect((search.items.find((r) => r._id === room.id) as ListedRoom).totalCents).toBe(24_200);
    // …and the payment charges it, as a line of its own.
    const intent = await startPayment(s.t, s.guest, { roomId: room.id, from: day(3), to: day(5) });
    expect(intent.totalCents).toBe(24_200);
    expect(intent.lines.at(-1)).toEqual({ kind: 'service-fee', amountCents: 2_200, credit: false, rateBp: 1_000 });

    const booking = await bookStay(s.t, s.guest, { roomId: room.id, from: day(8), to: day(10) });
    await setFees({ guestFeePercent: '5', hostCommissionPercent: '0' });
    const [stored] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(stored).toMatchObject({ guestFeeBp: 1_000, hostCommissionBp: 300, totalCents: 24_200 });
    const trip = tripSchema.parse((await s.t.call('GET', `/api/trips/${booking._id}`, { as: s.guest })).json());
    expect(trip.price.lines.at(-1)).toMatchObject({ kind: 'service-fee', amountCents: 2_200 });
    // New prices take the new rate.
    expect((await startPayment(s.t, s.guest, { roomId: room.id, from: day(12), to: day(14) })).totalCents).toBe(23_100);
    await setFees({ guestFeePercent: '0', hostCommissionPercent: '0' });
  });
});
