import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsToDate,
  EARNINGS_CSV_HEADER,
  earningsReportSchema,
  payoutStatementSchema,
  todayIso,
  type Booking,
  type EarningsReport,
  type PayoutStatement,
} from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { payouts } from '../../db/schema.js';
import { TestPaymentProcessor } from '../../integrations/payments/test-processor.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import type { TestUser } from '../../test/test-app.js';
import { runPayouts } from '../payouts/payout-run.js';
import { earningsEntriesCsv } from './earnings-csv.js';

const GOOD_ACCOUNT = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };
/** Stripe's test account number whose payouts fail (`no_account`). */
const FAILING_ACCOUNT = { ...GOOD_ACCOUNT, accountNumber: '000111111116' };
/** Wide enough that a test running across a month's end still counts every journal it posted. */
const PERIOD = 'from=2026-01&to=2028-12';

/*
 * The figures, by hand. Every room here is $100 a night with a 10% tax; the marketplace takes a 10% guest service fee
 * and a 5% commission. Two nights: nights $200, tax $20, service fee $20, total $240; commission 5% of $200 = $10, so
 * the host's share is $190 and with the tax they are owed $210. One night: $105 ($95 share, $10 tax).
 * Half of a two-night stay refunded (Moderate, cancelled by the guest two days before check-in): $120 back to the guest,
 * of which the nights' $100 less the $5 commission on it ($95 of share) and $10 of tax come off the host: $105.
 */
const TWO_NIGHTS = { share: 19_000, tax: 2_000, owed: 21_000 };
const ONE_NIGHT = { share: 9_500, tax: 1_000, owed: 10_500 };
const HALF_REFUND = { share: 9_500, tax: 1_000, owed: 10_500 };

describe.each(TEST_DATABASE_KINDS)('earnings on %s', (kind) => {
  const s = useBookingSuite(kind);

  const call = (path: string, as?: TestUser) => s.t.call('GET', path, as ? { as } : {});
  const report = async (as: TestUser): Promise<EarningsReport> => {
    const res = await call(`/api/earnings?${PERIOD}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return earningsReportSchema.parse(res.json());
  };
  const statement = async (as: TestUser, payoutId: string): Promise<PayoutStatement> => {
    const res = await call(`/api/earnings/payouts/${payoutId}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return payoutStatementSchema.parse(res.json());
  };
  const run = (asOf: string) =>
    runPayouts(
      {
        db: s.t.database.db,
        payments: new TestPaymentProcessor(s.t.database.db),
        jobs: { kick: () => {} },
        publicUrl: 'http://localhost:3000',
        log: { info: () => {}, warn: () => {}, error: () => {} },
      },
      { asOf, release: true },
    );
  const setFees = async (guestFeePercent: string, hostCommissionPercent: string) =>
    expect((await s.t.call('PUT', '/api/admin/fees', { as: s.admin, body: { guestFeePercent, hostCommissionPercent } })).statusCode).toBe(200);
  /** A host of the test's own, with a bank account the built-in processor pays (or fails to). */
  const newHost = async (name: string, account = GOOD_ACCOUNT) => {
    const host = await s.t.signUp({ role: 'host', name });
    expect((await s.t.call('PUT', '/api/payouts/bank-account', { as: host, body: account })).statusCode).toBe(200);
    return host;
  };
  const roomOf = (host: TestUser, title: string, overrides: Partial<Parameters<typeof insertRoom>[1]> = {}) =>
    insertRoom(s.t.database.db, { hostId: host.id, title, availableFrom: day(1), availableTo: day(60), priceCents: 10_000, taxRateBp: 1_000, ...overrides });
  /** The host's payouts, oldest first. */
  const payoutsOf = async (host: TestUser) =>
    (await s.t.database.db.select().from(payouts)).filter((p) => p.hostId === host.id).sort((a, b) => a.asOf.localeCompare(b.asOf));
  const stayOf = (answer: PayoutStatement, booking: Booking) => answer.stays.find((stay) => stay.bookingId === booking._id);

  it('is for hosts only, and names a wrong period or range', async () => {
    for (const path of [`/api/earnings?${PERIOD}`, '/api/earnings/entries.csv?from=2026-11-01&to=2026-11-30', `/api/earnings/payouts/${crypto.randomUUID()}`]) {
      expect(errorOf(await call(path)), path).toEqual({ status: 401, ...SIGN_IN });
      expect(errorOf(await call(path, s.guest)), path).toEqual({ status: 403, ...WRONG_ROLE });
      expect(errorOf(await call(path, s.admin)), path).toEqual({ status: 403, ...WRONG_ROLE });
    }
    const backwards = errorOf(await call('/api/earnings?from=2026-05&to=2026-04', s.host));
    expect(backwards).toMatchObject({ status: 400, error: { fields: { to: 'The first month must not come after the last' } } });
    expect(errorOf(await call('/api/earnings?from=2020-01&to=2026-01', s.host)).error.fields).toEqual({ to: 'At most 36 months at a time' });
    expect(errorOf(await call('/api/earnings?from=2026-13&to=2027-01', s.host)).error.fields).toEqual({ from: 'Expected a month as YYYY-MM' });
    expect(errorOf(await call('/api/earnings', s.host)).status).toBe(400);

    const csv = (query: string) => call(`/api/earnings/entries.csv?${query}`, s.host);
    expect(errorOf(await csv('from=2026-11-30&to=2026-11-01'))).toMatchObject({ status: 400, error: { fields: { to: 'The first day must not come after the last' } } });
    expect(errorOf(await csv('from=2026-01-01&to=2027-01-02'))).toMatchObject({ status: 400, error: { fields: { to: 'At most 366 days at a time' } } });
    // A leap year's 366 days are one file.
    expect((await csv('from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
    expect(errorOf(await csv('from=2026-02-30&to=2026-03-01'))).toMatchObject({ status: 400, error: { fields: { from: 'Expected a date as YYYY-MM-DD' } } });
    expect(errorOf(await csv('from=2026-11-01'))).toMatchObject({ status: 400 });
    // The calendar's last days are no period with entries, nor is any day more than five years ahead.
    const tooFar = addDays(addMonthsToDate(todayIso(), 60), 1);
    for (const range of ['from=9999-01-01&to=9999-12-31', 'from=9999-12-31&to=9999-12-31', `from=${tooFar}&to=${tooFar}`]) {
      expect(errorOf(await csv(range)), range).toEqual({
        status: 400,
        error: { code: 'VALIDATION_FAILED', message: 'to: The last day can be at most 5 years ahead', fields: { to: 'The last day can be at most 5 years ahead' } },
      });
    }
    expect((await csv(`from=${addDays(tooFar, -30)}&to=${addDays(tooFar, -1)}`)).statusCode).toBe(200);
    // The file's last day is worked out by the database: even the calendar's last day is a file (of no entries).
    expect((await earningsEntriesCsv(s.t.database.db, s.host.id, { from: '9999-12-31', to: '9999-12-31' })).trimEnd().split('\r\n')).toHaveLength(1);
    expect(errorOf(await call('/api/earnings?from=9999-01&to=9999-12', s.host)).status).toBe(400);
    expect(errorOf(await call('/api/earnings/payouts/not-a-payout', s.host))).toMatchObject({ status: 400, error: { fields: { payoutId: 'Payout id is malformed' } } });
  });

  it('adds up a host’s money now, per listing and per month, from the ledger, exactly to the cent', async () => {
    await setFees('10', '5');
    const host = await newHost('Lena Lakeside');
    const cabin = await roomOf(host, 'Lakeside cabin');
    const studio = await roomOf(host, 'Garden studio', { cancellationPolicy: 'moderate' });
    const kept = await bookStay(s.t, s.guest, { roomId: cabin.id, from: day(2), to: day(4) });
    const halved = await bookStay(s.t, s.otherGuest, { roomId: studio.id, from: day(2), to: day(4) });
    expect((await s.t.call('DELETE', `/api/booking/${halved._id}`, { as: s.otherGuest })).statusCode).toBe(200);
    expect(halved.priceCents).toBe(24_000);

    // Before anything is released, all of it is upcoming.
    const before = await report(host);
    expect(before.balances).toEqual({ upcomingCents: TWO_NIGHTS.owed * 2 - HALF_REFUND.owed, availableCents: 0, inTransitCents: 0, paidCents: 0 });

    // The day after check-in: both released and paid in one payout; then a later stay is booked.
    expect(await run(day(3))).toMatchObject({ released: 2, paid: 1 });
    const later = await bookStay(s.t, s.guest, { roomId: cabin.id, from: day(10), to: day(12) });
    const { balances, listings, months, totals } = await report(host);
    const paid = TWO_NIGHTS.owed + TWO_NIGHTS.owed - HALF_REFUND.owed;
    expect(balances).toEqual({ upcomingCents: TWO_NIGHTS.owed, availableCents: 0, inTransitCents: 0, paidCents: paid });
    expect(listings).toEqual([
      {
        roomId: studio.id,
        title: 'Garden studio',
        stays: 1,
        bookedCents: TWO_NIGHTS.owed,
        refundedCents: HALF_REFUND.owed,
        upcomingCents: 0,
        availableCents: 0,
        inTransitCents: 0,
        paidCents: TWO_NIGHTS.owed - HALF_REFUND.owed,
      },
      {
        roomId: cabin.id,
        title: 'Lakeside cabin',
        stays: 2,
        bookedCents: 2 * TWO_NIGHTS.owed,
        refundedCents: 0,
        upcomingCents: TWO_NIGHTS.owed,
        availableCents: 0,
        inTransitCents: 0,
        paidCents: TWO_NIGHTS.owed,
      },
    ]);
    expect(totals).toEqual({ bookedCents: 3 * TWO_NIGHTS.owed, refundedCents: HALF_REFUND.owed, releasedCents: paid, paidCents: paid });
    expect(months).toHaveLength(36);
    expect(months[0]!.month).toBe('2026-01');
    expect(months.find((m) => m.month === todayIso().slice(0, 7))!.bookedCents).toBeGreaterThan(0);

    // The statement of the payout: both stays, the refund netted from the one it was made on.
    const [payout] = await payoutsOf(host);
    const paper = await statement(host, payout!.id);
    expect(paper.payout).toMatchObject({ id: payout!.id, asOf: day(3), amountCents: paid, status: 'paid', last4: '6789', failureMessage: null });
    expect(paper.hostName).toBe('Lena Lakeside');
    expect(paper.stays).toHaveLength(2);
    expect(stayOf(paper, kept)).toEqual({
      bookingId: kept._id,
      reference: kept.reference,
      roomTitle: 'Lakeside cabin',
      checkIn: day(2),
      checkOut: day(4),
      guestName: 'Ana Lima',
      shareCents: TWO_NIGHTS.share,
      taxCents: TWO_NIGHTS.tax,
      refundedCents: 0,
      netCents: TWO_NIGHTS.owed,
    });
    expect(stayOf(paper, halved)).toMatchObject({
      roomTitle: 'Garden studio',
      guestName: 'Olga Outsider',
      shareCents: TWO_NIGHTS.share,
      taxCents: TWO_NIGHTS.tax,
      refundedCents: HALF_REFUND.owed,
      netCents: TWO_NIGHTS.owed - HALF_REFUND.owed,
    });
    expect(paper.totals).toEqual({ shareCents: 2 * TWO_NIGHTS.share, taxCents: 2 * TWO_NIGHTS.tax, refundedCents: HALF_REFUND.owed, netCents: paid });
    expect(paper.otherCents).toBe(0);
    expect(paper.paidWith).toBeNull();
    expect(stayOf(paper, later)).toBeUndefined();

    // The host sees their own only: another host's figures hold nothing of theirs, and their payout is not found.
    const other = await report(s.otherHost);
    expect(other.balances).toEqual({ upcomingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: 0 });
    expect(other.listings).toEqual([]);
    expect(other.totals).toEqual({ bookedCents: 0, refundedCents: 0, releasedCents: 0, paidCents: 0 });
    expect(errorOf(await call(`/api/earnings/payouts/${payout!.id}`, s.otherHost))).toEqual({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Payout not found. Your payouts are listed on the Earnings and Payouts pages.' },
    });
    expect(errorOf(await call(`/api/earnings/payouts/${crypto.randomUUID()}`, host)).status).toBe(404);
    await setFees('0', '0');
  });

  it('lists a failed payout’s stays again on the payout that sends them, and nets a refund after a payout from the next', async () => {
    await setFees('10', '5');
    const host = await newHost('Fern Failed', FAILING_ACCOUNT);
    const room = await roomOf(host, 'Hillside hut');
    const first = await bookStay(s.t, s.guest, { roomId: room.id, from: day(20), to: day(21) });
    expect(await run(day(21))).toMatchObject({ failed: 1 });
    const second = await bookStay(s.t, s.guest, { roomId: room.id, from: day(22), to: day(23) });
    expect((await s.t.call('PUT', '/api/payouts/bank-account', { as: host, body: GOOD_ACCOUNT })).statusCode).toBe(200);
    expect(await run(day(23))).toMatchObject({ paid: 1 });
    const [failed, resent] = await payoutsOf(host);
    expect(failed).toMatchObject({ status: 'failed', amountCents: ONE_NIGHT.owed });
    expect(resent).toMatchObject({ status: 'paid', amountCents: 2 * ONE_NIGHT.owed });

    // The failed payout tried to pay the first stay; the next payout paid it, with the second.
    const failedPaper = await statement(host, failed!.id);
    expect(failedPaper.payout).toMatchObject({ status: 'failed', failureMessage: expect.stringContaining('could not find an account') });
    expect(failedPaper.stays.map((stay) => stay.bookingId)).toEqual([first._id]);
    expect(failedPaper.totals.netCents).toBe(ONE_NIGHT.owed);
    expect(failedPaper.paidWith).toEqual({ id: resent!.id, asOf: day(23), status: 'paid' });
    const resentPaper = await statement(host, resent!.id);
    expect(resentPaper.stays.map((stay) => stay.bookingId)).toEqual([first._id, second._id]);
    expect(resentPaper.stays.map((stay) => [stay.shareCents, stay.taxCents, stay.refundedCents, stay.netCents])).toEqual([
      [ONE_NIGHT.share, ONE_NIGHT.tax, 0, ONE_NIGHT.owed],
      [ONE_NIGHT.share, ONE_NIGHT.tax, 0, ONE_NIGHT.owed],
    ]);
    expect(resentPaper.otherCents).toBe(0);
    expect(resentPaper.paidWith).toBeNull();

    // A stay paid out early (an operator's run for a later day), then cancelled by the host: all of it refunded.
    const cancelled = await bookStay(s.t, s.guest, { roomId: room.id, from: day(30), to: day(31) });
    expect(await run(day(31))).toMatchObject({ paid: 1 });
    expect((await s.t.call('DELETE', `/api/booking/${cancelled._id}`, { as: host })).statusCode).toBe(200);
    expect((await report(host)).balances.availableCents).toBe(-ONE_NIGHT.owed);
    const fourth = await bookStay(s.t, s.guest, { roomId: room.id, from: day(33), to: day(35) });
    expect(await run(day(34))).toMatchObject({ paid: 1 });
    const netted = (await payoutsOf(host)).at(-1)!;
    expect(netted.amountCents).toBe(TWO_NIGHTS.owed - ONE_NIGHT.owed);
    const nettedPaper = await statement(host, netted.id);
    expect(nettedPaper.stays.map((stay) => ({ id: stay.bookingId, share: stay.shareCents, tax: stay.taxCents, refunded: stay.refundedCents, net: stay.netCents }))).toEqual([
      { id: cancelled._id, share: 0, tax: 0, refunded: ONE_NIGHT.owed, net: -ONE_NIGHT.owed },
      { id: fourth._id, share: TWO_NIGHTS.share, tax: TWO_NIGHTS.tax, refunded: 0, net: TWO_NIGHTS.owed },
    ]);
    expect(nettedPaper.totals.netCents).toBe(netted.amountCents);
    expect(nettedPaper.otherCents).toBe(0);

    // Each listing's figures add up: what was booked less what refunds took back is what was paid.
    const { balances, listings } = await report(host);
    const booked = 3 * ONE_NIGHT.owed + TWO_NIGHTS.owed;
    expect(balances).toEqual({ upcomingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: booked - ONE_NIGHT.owed });
    expect(listings).toEqual([
      expect.objectContaining({ title: 'Hillside hut', stays: 4, bookedCents: booked, refundedCents: ONE_NIGHT.owed, availableCents: 0, paidCents: booked - ONE_NIGHT.owed }),
    ]);
    await setFees('0', '0');
  });

  it('writes the host’s entries as CSV: a header, a row an entry in words, dollars, and text that cannot run as a formula', async () => {
    const host = await newHost('Cody Comma');
    const room = await roomOf(host, '=HYPERLINK("http://evil.example"), "our" cabin', { cancellationPolicy: 'moderate' });
    // One night at $100 with 10% tax and no fees: $100 share, $10 tax. Moderate, cancelled three days out: half back.
    const halved = await bookStay(s.t, s.guest, { roomId: room.id, from: day(3), to: day(4) });
    expect((await s.t.call('DELETE', `/api/booking/${halved._id}`, { as: s.guest })).statusCode).toBe(200);
    const kept = await bookStay(s.t, s.guest, { roomId: room.id, from: day(5), to: day(6) });
    expect(await run(day(4))).toMatchObject({ paid: 1 });
    expect(await run(day(6))).toMatchObject({ paid: 1 });

    // Yesterday to tomorrow: every entry of the test, even across midnight.
    const res = await call(`/api/earnings/entries.csv?from=${day(-1)}&to=${day(1)}`, host);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="staybook-earnings-${day(-1)}-to-${day(1)}.csv"`);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(EARNINGS_CSV_HEADER.join(','));
    expect(lines.slice(1).every((line) => [day(-1), todayIso(), day(1)].includes(line.slice(0, 10)))).toBe(true);
    const title = `"'=HYPERLINK(""http://evil.example""), ""our"" cabin"`;
    const rows = lines.slice(1).map((line) => line.slice(11));
    const stayRow = (booking: Booking, entry: string, account: string, dollars: string) => `${entry},${booking.reference},${title},,${account},${dollars}`;
    const payoutRows = (asOf: string, dollars: string) => [
      `Payout sent,,,${asOf},Available,-${dollars}`,
      `Payout sent,,,${asOf},On its way,${dollars}`,
      `Payout paid,,,${asOf},On its way,-${dollars}`,
      `Payout paid,,,${asOf},Paid out,${dollars}`,
    ];
    /** A release's four entries: share and tax each from upcoming to available (in no set order within the journal). */
    const releaseRows = (booking: Booking, share: string, tax: string) =>
      [
        stayRow(booking, 'Share released', 'Upcoming (share)', `-${share}`),
        stayRow(booking, 'Share released', 'Available', share),
        stayRow(booking, 'Share released', 'Upcoming (tax)', `-${tax}`),
        stayRow(booking, 'Share released', 'Available', tax),
      ].sort();
    expect(rows.slice(0, 6)).toEqual([
      stayRow(halved, 'Stay paid for', 'Upcoming (share)', '100.00'),
      stayRow(halved, 'Stay paid for', 'Upcoming (tax)', '10.00'),
      stayRow(halved, 'Refund to guest', 'Upcoming (share)', '-50.00'),
      stayRow(halved, 'Refund to guest', 'Upcoming (tax)', '-5.00'),
      stayRow(kept, 'Stay paid for', 'Upcoming (share)', '100.00'),
      stayRow(kept, 'Stay paid for', 'Upcoming (tax)', '10.00'),
    ]);
    expect(rows.slice(6, 10).sort()).toEqual(releaseRows(halved, '50.00', '5.00'));
    expect(rows.slice(10, 14)).toEqual(payoutRows(day(4), '55.00'));
    expect(rows.slice(14, 18).sort()).toEqual(releaseRows(kept, '100.00', '10.00'));
    expect(rows.slice(18)).toEqual(payoutRows(day(6), '110.00'));

    // Another range holds none of it; another host's file holds none of it.
    const header = `${EARNINGS_CSV_HEADER.join(',')}\r\n`;
    expect((await call('/api/earnings/entries.csv?from=2020-01-01&to=2020-12-31', host)).body).toBe(header);
    expect((await call(`/api/earnings/entries.csv?from=${day(-1)}&to=${day(1)}`, s.otherHost)).body).toBe(header);
  });
});
