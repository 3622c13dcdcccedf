import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financeReportSchema, keptMoney, reconciliationReportSchema, todayIso, type ReconciliationReport } from '@staybook/domain';
import { queryRows } from '../../db/client.js';
import { bookings, payments, payoutAccounts, testPaymentIntents, testTransfers } from '../../db/schema.js';
import { PaymentProviderError } from '../../integrations/payments/payment-provider.js';
import { TestPaymentProcessor } from '../../integrations/payments/test-processor.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay, testCard } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import { runPayouts } from '../payouts/payout-run.js';
import { reconcileMonth } from './finance.service.js';

describe.each(TEST_DATABASE_KINDS)('finance on %s', (kind) => {
  const s = useBookingSuite(kind);
  const thisMonth = todayIso().slice(0, 7);
  // Wide enough that a test running across midnight at a month's end still counts every journal it posted.
  const period = `from=2026-01&to=2028-12`;

  const report = async (query = period) => {
    const res = await s.t.call('GET', `/api/admin/finance?${query}`, { as: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    return financeReportSchema.parse(res.json());
  };
  const reconcile = async (month: string): Promise<ReconciliationReport> => {
    const res = await s.t.call('GET', `/api/admin/finance/reconciliation?month=${month}`, { as: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    return reconciliationReportSchema.parse(res.json());
  };
  /** The months in which this database's journals were posted. */
  const postedMonths = async () =>
    (await queryRows<{ month: string }>(s.t.database.db, sql`select distinct to_char(posted_at at time zone 'UTC', 'YYYY-MM') as month from ledger_journals`)).map((r) => r.month);

  it('is for admins only, and names a wrong period', async () => {
    expect(errorOf(await s.t.call('GET', `/api/admin/finance?${period}`))).toEqual({ status: 401, ...SIGN_IN });
    expect(errorOf(await s.t.call('GET', `/api/admin/finance?${period}`, { as: s.host }))).toEqual({ status: 403, ...WRONG_ROLE });
    expect(errorOf(await s.t.call('GET', '/api/admin/finance.csv?from=2026-01&to=2026-02', { as: s.guest }))).toEqual({ status: 403, ...WRONG_ROLE });
    expect(errorOf(await s.t.call('GET', '/api/admin/finance/reconciliation?month=2026-01', { as: s.host }))).toEqual({ status: 403, ...WRONG_ROLE });
    const backwards = errorOf(await s.t.call('GET', '/api/admin/finance?from=2026-05&to=2026-04', { as: s.admin }));
    expect(backwards).toMatchObject({ status: 400, error: { fields: { to: 'The first month must not come after the last' } } });
    expect(errorOf(await s.t.call('GET', '/api/admin/finance?from=2026-13&to=2027-01', { as: s.admin })).status).toBe(400);
    expect(errorOf(await s.t.call('GET', '/api/admin/finance?from=2020-01&to=2026-01', { as: s.admin })).error.fields).toEqual({ to: 'At most 36 months at a time' });
  });

  it('adds up each month from the ledger: bookings, fees, commissions, tax, refunds and payouts; and writes it as CSV', async () => {
    expect((await s.t.call('PUT', '/api/admin/fees', { as: s.admin, body: { guestFeePercent: '10', hostCommissionPercent: '3' } })).statusCode).toBe(200);
    const body = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };
    expect((await s.t.call('PUT', '/api/payouts/bank-account', { as: s.host, body })).statusCode).toBe(200);
    const taxed = await s.newRoom({ taxRateBp: 1_000, cleaningFeeCents: 3_000, cancellationPolicy: 'moderate' });
    const kept = await bookStay(s.t, s.guest, { roomId: taxed.id, from: day(2), to: day(4) });
    const cancelled = await bookStay(s.t, s.otherGuest, { roomId: taxed.id, from: day(10), to: day(12) });
    expect((await s.t.call('DELETE', `/api/booking/${cancelled._id}`, { as: s.otherGuest })).statusCode).toBe(200);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const paid = await runPayouts({ db: s.t.database.db, payments: new TestPaymentProcessor(s.t.database.db), jobs: { kick: () => {} }, publicUrl: 'http://localhost:3000', log }, { asOf: day(3), release: true });
    expect(paid).toMatchObject({ released: 1, paid: 1 });

    const rows = await s.t.database.db.select().from(bookings);
    const [refunded] = await s.t.database.db.select().from(payments).where(eq(payments.providerPaymentId, cancelled.transactionId));
    const parts = rows.map((b) => ({ total: b.totalCents, kept: keptMoney(b.priceLines, b.totalCents, b.keptCents, b.hostCommissionBp) }));
    const sum = (pick: (p: (typeof parts)[number]) => number) => parts.reduce((total, p) => total + pick(p), 0);
    const keptRow = rows.find((b) => b.id === kept._id)!;
    const keptShare = keptMoney(keptRow.priceLines, keptRow.totalCents, keptRow.keptCents, keptRow.hostCommissionBp);
    const { totals, months, owedToHosts } = await report();
    expect(totals).toEqual({
      grossBookingsCents: sum((p) => p.total),
      guestFeesCents: sum((p) => p.kept.serviceFeeCents),
      commissionsCents: sum((p) => p.kept.commissionCents),
      taxCollectedCents: sum((p) => p.kept.taxCents),
      refundsCents: refunded!.refundedCents,
      payoutsSentCents: keptShare.hostShareCents + keptShare.taxCents,
    });
    expect(totals.refundsCents).toBeGreaterThan(0);
    expect(months).toHaveLength(36);
    expect(months[0]!.month).toBe('2026-01');
    expect(months.find((m) => m.month === thisMonth)!.grossBookingsCents).toBeGreaterThan(0);
    // Paid out in full: the marketplace owes its hosts nothing now.
    expect(owedToHosts).toEqual({ pendingCents: 0, availableCents: 0, inTransitCents: 0 });

    const csv = await s.t.call('GET', `/api/admin/finance.csv?${period}`, { as: s.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="staybook-finance-2026-01-to-2028-12.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Month,Gross bookings,Guest fees,Commissions,Tax collected,Refunds,Payouts sent');
    expect(lines).toHaveLength(38);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(lines.at(-1)).toBe(['Total', ...Object.values(totals).map(dollars)].join(','));
    await s.t.call('PUT', '/api/admin/fees', { as: s.admin, body: { guestFeePercent: '0', hostCommissionPercent: '0' } });
  });

  it('finds nothing to reconcile after the product’s own runs, and lists each record the provider has otherwise', async () => {
    for (const month of await postedMonths()) expect((await reconcile(month)).differences).toEqual([]);
    const [stay] = await queryRows<{ intentId: string; reference: string; month: string }>(
      s.t.database.db,
      sql`select p.provider_payment_id as "intentId", b.reference, to_char(j.posted_at at time zone 'UTC', 'YYYY-MM') as month
          from bookings b join payments p on p.id = b.payment_id join ledger_journals j on j.booking_id = b.id and j.kind = 'refund' limit 1`,
    );
    const report0 = await reconcile(stay!.month);
    expect(report0.checked.payments).toBeGreaterThan(0);
    expect(report0.checked.payouts).toBeGreaterThan(0);
    expect(report0.provider).toBe('test');

    // The provider's records disagree: a refund it kept $1 of, and a transfer reversed in part.
    await s.t.database.db.update(testPaymentIntents).set({ amountRefundedCents: sql`amount_refunded_cents - 100` }).where(eq(testPaymentIntents.id, stay!.intentId));
    const [transfer] = await s.t.database.db.select().from(testTransfers).limit(1);
    await s.t.database.db.update(testTransfers).set({ amountCents: transfer!.amountCents - 1 }).where(eq(testTransfers.id, transfer!.id));
    const [{ payoutDay } = { payoutDay: '' }] = await queryRows<{ payoutDay: string }>(s.t.database.db, sql`select as_of::text as "payoutDay" from payouts where transfer_id = ${transfer!.id}`);
    const months = new Set([stay!.month, ...(await postedMonths())]);
    const differences = (await Promise.all([...months].map(reconcile))).flatMap((r) => r.differences);
    expect(differences).toEqual([
      expect.objectContaining({
        kind: 'refund',
        subject: stay!.reference,
        subjectFacts: { record: 'booking', reference: stay!.reference },
        providerId: stay!.intentId,
        note: 'The refunded amounts differ.',
      }),
      expect.objectContaining({
        kind: 'transfer',
        subject: `Payout of ${payoutDay} to Hana Host`,
        subjectFacts: { record: 'payout', date: payoutDay, hostName: 'Hana Host' },
        providerId: transfer!.id,
        ledgerCents: transfer!.amountCents,
        providerCents: transfer!.amountCents - 1,
      }),
    ]);
    const refund = differences.find((d) => d.kind === 'refund')!;
    expect(refund.providerCents).toBe(refund.ledgerCents - 100);
  });

  it('lists a transfer and a capture the processor made that our records never did', async () => {
    const processor = new TestPaymentProcessor(s.t.database.db);
    const [hana] = await s.t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, s.host.id));
    const stranger = await processor.transfer({ amountCents: 1_234, currency: 'usd', destination: hana!.accountRef, idempotencyKey: 'made-elsewhere', metadata: {} });
    const metadata = { paymentId: 'elsewhere', roomId: 'elsewhere', guestId: 'elsewhere', checkIn: day(5), checkOut: day(6) };
    const intent = await processor.createIntent({ amountCents: 5_000, currency: 'usd', metadata, description: 'Not ours', idempotencyKey: 'intent-elsewhere' });
    await processor.confirmCard(intent.clientSecret!, testCard());
    await processor.captureIntent(intent.id, 'capture-elsewhere');
    const today = new Date().toISOString().slice(0, 10);
    const report = await reconcile(today.slice(0, 7));
    const strangers = report.differences.filter((d) => d.ledgerCents === 0 && d.note.includes('never made'));
    expect(strangers).toEqual([
      {
        kind: 'transfer',
        subject: `Transfer of ${today} to Hana Host (${hana!.accountRef})`,
        subjectFacts: { record: 'provider-transfer', date: today, hostName: 'Hana Host', destination: hana!.accountRef },
        providerId: stranger.id, ledgerCents: 0, providerCents: 1_234, note: 'The provider has a transfer our records never made.' },
      {
        kind: 'capture',
        subject: `Capture of ${today}`,
        subjectFacts: { record: 'provider-capture', date: today },
        providerId: intent.id, ledgerCents: 0, providerCents: 5_000, note: 'The provider has a capture of a payment our records never made.' },
    ]);
  });

  it('says the provider could not be asked, rather than failing or calling the month clean', async () => {
    const processor = new TestPaymentProcessor(s.t.database.db);
    const away = Object.assign(Object.create(processor) as TestPaymentProcessor, {
      retrieveIntent: () => Promise.reject(new PaymentProviderError('connect ECONNREFUSED', 'api_connection_error', true)),
    });
    const [month] = await postedMonths();
    await expect(reconcileMonth({ db: s.t.database.db, payments: away }, month!)).rejects.toMatchObject({
      status: 503,
      message: 'The payment provider could not be asked just now, so the month was not checked. Please try again in a few minutes.',
    });
  });
});
