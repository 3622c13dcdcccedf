import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  CURRENCY_LOCKED_MESSAGE,
  formatMoney,
  marketplaceCurrencySchema,
  roomSchema,
  roomsPageSchema,
  serverInfoSchema,
  tripSchema,
  UNSUPPORTED_CURRENCY_MESSAGE,
} from '@staybook/domain';
import { marketplaceSettings, testPaymentIntents } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import { listRoom } from '../../test/rooms.js';
import { CURRENCY_PAYMENT_UNDER_WAY_MESSAGE } from './currency.service.js';

describe.each(TEST_DATABASE_KINDS)("the marketplace's currency on %s", (kind) => {
  const s = useBookingSuite(kind);
  const setCurrency = (currency: unknown, as = s.admin) => s.t.call('PUT', '/api/admin/currency', { as, body: { currency } });
  const config = async () => serverInfoSchema.parse((await s.t.call('GET', '/api/config')).json());

  it('is for admins only to read and set; US dollars on a fresh marketplace; any currency on the list while nothing is booked', async () => {
    expect(errorOf(await s.t.call('GET', '/api/admin/currency'))).toEqual({ status: 401, ...SIGN_IN });
    expect(errorOf(await setCurrency('EUR', null as never))).toEqual({ status: 401, ...SIGN_IN });
    for (const as of [s.guest, s.host]) {
      expect(errorOf(await s.t.call('GET', '/api/admin/currency', { as }))).toEqual({ status: 403, ...WRONG_ROLE });
      expect(errorOf(await setCurrency('EUR', as))).toEqual({ status: 403, ...WRONG_ROLE });
    }
    const first = await s.t.call('GET', '/api/admin/currency', { as: s.admin });
    expect(marketplaceCurrencySchema.parse(first.json())).toEqual({ currency: 'USD', lockedBecause: null });
    expect((await config()).currency).toBe('USD');

    // Kuwaiti dinars have three decimals, which Stripe takes only rounded to ten: not on the list.
    for (const refused of ['BHD', 'XYZ', '', 42]) {
      const res = await setCurrency(refused);
      expect(res.statusCode, String(refused)).toBe(400);
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields).toEqual({ currency: UNSUPPORTED_CURRENCY_MESSAGE });
    }

    const set = await setCurrency('eur');
    expect(set.statusCode, set.body).toBe(200);
    expect(marketplaceCurrencySchema.parse(set.json())).toEqual({ currency: 'EUR', lockedBecause: null });
    expect((await config()).currency).toBe('EUR');
    const [row] = await s.t.database.db.select().from(marketplaceSettings);
    expect(row).toMatchObject({ currency: 'EUR', setBy: s.admin.id });
    // A room's price is then in euros on every page, the server's painted ones too.
    const room = await s.newRoom({ priceCents: 8_950 });
    expect((await s.t.call('GET', `/api/room/${room.id}`)).json()).toMatchObject({ price: 89.5, priceCents: 8_950 });
    expect((await setCurrency('USD')).statusCode).toBe(200);
    expect((await config()).currency).toBe('USD');
  });

  it("follows a change another server made, once this one hears of it (the listing cache's notice)", async () => {
    // Another server's change: the row, then its notice of a change of every room.
    await s.t.database.db.update(marketplaceSettings).set({ currency: 'GBP' });
    await s.t.app.listing.roomsChanged();
    await vi.waitFor(async () => expect((await config()).currency).toBe('GBP'), { timeout: 10_000, interval: 50 });
    expect(formatMoney(1_000)).toBe('£10');
    await s.t.database.db.update(marketplaceSettings).set({ currency: 'USD' });
    await s.t.app.listing.roomsChanged();
    await vi.waitFor(async () => expect((await config()).currency).toBe('USD'), { timeout: 10_000, interval: 50 });
  });

  it('is refused while a guest is paying, and once the marketplace has a booking, cancelled ones included', async () => {
    const room = await s.newRoom();
    await startPayment(s.t, s.guest, { roomId: room.id, from: day(3), to: day(5) });
    const paying = await setCurrency('GBP');
    expect(errorOf(paying)).toMatchObject({ status: 409, error: { message: CURRENCY_PAYMENT_UNDER_WAY_MESSAGE } });

    const booking = await bookStay(s.t, s.guest, { roomId: room.id, from: day(8), to: day(10) });
    const cancelled = await s.t.call('DELETE', `/api/booking/${booking._id}`, { as: s.guest });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await setCurrency('GBP');
    expect(errorOf(refused)).toMatchObject({ status: 409, error: { message: CURRENCY_LOCKED_MESSAGE } });
    expect(marketplaceCurrencySchema.parse((await s.t.call('GET', '/api/admin/currency', { as: s.admin })).json())).toEqual({
      currency: 'USD',
      lockedBecause: CURRENCY_LOCKED_MESSAGE,
    });
    // Naming the currency in force changes nothing, so it is no refusal.
    expect((await setCurrency('USD')).statusCode).toBe(200);
    expect((await config()).currency).toBe('USD');
  });
});

describe.each(TEST_DATABASE_KINDS)('a marketplace configured in euros on %s', (kind) => {
  const s = useBookingSuite(kind, { MARKETPLACE_CURRENCY: 'EUR' });

  it('prices, charges and writes every amount in euros', async () => {
    expect(serverInfoSchema.parse((await s.t.call('GET', '/api/config')).json()).currency).toBe('EUR');
    const listed = await listRoom(s.t, s.host, { price: '89.50', from: day(1), to: day(40) });
    expect(listed).toMatchObject({ price: 89.5, priceCents: 8_950 });

    const intent = await startPayment(s.t, s.guest, { roomId: listed._id, from: day(3), to: day(5) });
    expect(intent.totalCents).toBe(17_900);
    // The processor is asked for euros, as Stripe takes them: lower case, in cents.
    const [processed] = await s.t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.paymentIntentId));
    expect(processed).toMatchObject({ currency: 'eur', amountCents: 17_900 });
    expect((await s.paymentOf(intent.paymentIntentId)).currency).toBe('eur');

    await s.t.clearMail();
    const booking = await bookStay(s.t, s.guest, { roomId: listed._id, from: day(8), to: day(10) });
    const trip = tripSchema.parse((await s.t.call('GET', `/api/trips/${booking._id}`, { as: s.guest })).json());
    expect(trip.price.totalCents).toBe(17_900);
    const mails = await s.t.mailSent();
    const guestMail = mails.find((mail) => mail.to === s.guest.email);
    expect(guestMail?.text).toContain('€179');
    expect(guestMail?.text).not.toContain('$');

    // The setting cannot change now; the refusal says why.
    const refused = await s.t.call('PUT', '/api/admin/currency', { as: s.admin, body: { currency: 'USD' } });
    expect(errorOf(refused)).toMatchObject({ status: 409, error: { message: CURRENCY_LOCKED_MESSAGE } });
  });
});

describe.each(TEST_DATABASE_KINDS)('a marketplace in yen on %s', (kind) => {
  const s = useBookingSuite(kind, { MARKETPLACE_CURRENCY: 'JPY' });

  it('takes whole yen only, and charges the whole amount as Stripe counts yen', async () => {
    const refused = await s.t.call('POST', '/api/room', { as: s.host, body: { price: '15000.5' } });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { error: { fields: Record<string, string> } }).error.fields.price).toBe('Price must be a whole number of JPY, without decimals');

    const listed = await listRoom(s.t, s.host, { price: '15000', from: day(1), to: day(40) });
    expect(listed).toMatchObject({ price: 15_000, priceCents: 15_000 });
    expect(roomSchema.parse((await s.t.call('GET', `/api/room/${listed._id}`)).json()).priceCents).toBe(15_000);
    // A price filter is in yen too.
    const cheaper = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?maxPrice=14999')).json());
    expect(cheaper.items.map((room) => room._id)).not.toContain(listed._id);
    const within = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?minPrice=15000&maxPrice=15000')).json());
    expect(within.items.map((room) => room._id)).toContain(listed._id);

    const intent = await startPayment(s.t, s.guest, { roomId: listed._id, from: day(3), to: day(5) });
    expect(intent.totalCents).toBe(30_000);
    const [processed] = await s.t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.paymentIntentId));
    expect(processed).toMatchObject({ currency: 'jpy', amountCents: 30_000 });
  });
});
