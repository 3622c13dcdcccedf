import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hostPayoutOf, payoutsPageSchema, PAYOUT_FAILURE_MESSAGES, type Booking, type PayoutsPage } from '@staybook/domain';
import { queryRows } from '../../db/client.js';
import { bookings, payouts, testTransfers, users } from '../../db/schema.js';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { TestPaymentProcessor } from '../../integrations/payments/test-processor.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import type { TestUser } from '../../test/test-app.js';
import { runPayouts, type PayoutDeps } from './payout-run.js';

const GOOD_ACCOUNT = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };

describe.each(TEST_DATABASE_KINDS)('payouts on %s', (kind) => {
  const s = useBookingSuite(kind);

  const page = async (as: TestUser = s.host): Promise<PayoutsPage> => {
    const res = await s.t.call('GET', '/api/payouts', { as });
    expect(res.statusCode, res.body).toBe(200);
    return payoutsPageSchema.parse(res.json());
  };
  const setAccount = (body: unknown, as: TestUser = s.host) => s.t.call('PUT', '/api/payouts/bank-account', { as, body });
  /** The app's own processor: the built-in one, over the same database. */
  const processor = () => new TestPaymentProcessor(s.t.database.db);
  const deps = (payments: PaymentProvider = processor()): PayoutDeps => ({
    db: s.t.database.db,
    payments,
    jobs: { kick: () => {} },
    publicUrl: 'http://localhost:3000',
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  const run = (asOf: string, payments?: PaymentProvider) => runPayouts(deps(payments), { asOf, release: true });
  /** What the host is owed for a stay, as the domain computes it from the stored booking. */
  const shareOf = async (stay: Booking) => {
    const [row] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
    return hostPayoutOf(row!.priceLines, row!.totalCents, row!.keptCents, row!.hostCommissionBp).payoutCents;
  };

  it('is for hosts only', async () => {
    expect(errorOf(await s.t.call('GET', '/api/payouts'))).toEqual({ status: 401, ...SIGN_IN });
    expect(errorOf(await s.t.call('GET', '/api/payouts', { as: s.guest }))).toEqual({ status: 403, ...WRONG_ROLE });
    expect(errorOf(await setAccount(GOOD_ACCOUNT, s.admin))).toEqual({ status: 403, ...WRONG_ROLE });
  });

  it('takes a bank account as Stripe’s test mode does, and keeps only its last four digits', async () => {
    const fresh = await page(s.otherHost);
    expect(fresh).toMatchObject({ account: null, setup: 'bank-account', payouts: [], balances: { pendingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: 0 } });
    const wrongRouting = errorOf(await setAccount({ ...GOOD_ACCOUNT, routingNumber: '021000021' }, s.otherHost));
    expect(wrongRouting.status).toBe(400);
    expect(wrongRouting.error.fields).toEqual({ routingNumber: 'In test mode, use the test routing number 110000000' });
    const realAccount = errorOf(await setAccount({ ...GOOD_ACCOUNT, accountNumber: '12345678' }, s.otherHost));
    expect(realAccount.error.fields).toEqual({ accountNumber: 'In test mode, use one of Stripe’s test account numbers, such as 000123456789' });
    expect(errorOf(await setAccount({ ...GOOD_ACCOUNT, holderName: ' ' }, s.otherHost)).error.fields).toEqual({ holderName: 'Please enter the account holder’s name' });
    const saved = await setAccount(GOOD_ACCOUNT, s.otherHost);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(payoutsPageSchema.parse(saved.json()).account).toEqual({ holderName: 'Hana Host', last4: '6789', ready: true });
    expect(JSON.stringify(await queryRows(s.t.database.db, sql`select * from test_bank_accounts`))).not.toContain('000123456789');
  });

  it('mails the host each time their payout bank account is set, saying where their money goes now', async () => {
    const host = await s.t.signUp({ role: 'host', name: 'Nadia New' });
    const changes = async () => (await s.t.mailSent()).filter((m) => m.to === host.email && m.subject === 'Your payout bank account was changed');
    expect((await setAccount({ ...GOOD_ACCOUNT, accountNumber: '000111111116' }, host)).statusCode).toBe(200);
    expect((await setAccount(GOOD_ACCOUNT, host)).statusCode).toBe(200);
    // A refused account changes nothing, and says nothing.
    expect((await setAccount({ ...GOOD_ACCOUNT, routingNumber: '021000021' }, host)).statusCode).toBe(400);

    const mails = await changes();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Your payouts now go to the bank account ending in 1116.');
    expect(mails[1]!.text).toContain('Your payouts now go to the bank account ending in 6789, instead of the one ending in 1116.');
    expect(mails[1]!.text).toContain('If you did not make this change, reset your password now');
  });

  it('releases a share the day after check-in and pays the host’s whole available balance once a day', async () => {
    expect((await setAccount(GOOD_ACCOUNT)).statusCode).toBe(200);
    const room = await s.newRoom({ cleaningFeeCents: 2_500, taxRateBp: 1_000 });
    const stay = await bookStay(s.t, s.guest, { roomId: room.id, from: day(2), to: day(4) });
    const owed = await shareOf(stay);
    expect((await page()).balances).toMatchObject({ pendingCents: owed, availableCents: 0 });

    // On the check-in day nothing is due yet.
    expect(await run(day(2))).toEqual({ released: 0, paid: 0, failed: 0, waiting: 0 });
    expect(await run(day(3))).toEqual({ released: 1, paid: 1, failed: 0, waiting: 0 });
    const after = await page();
    expect(after.balances).toEqual({ pendingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: owed });
    expect(after.payouts).toEqual([expect.objectContaining({ asOf: day(3), amountCents: owed, status: 'paid', last4: '6789', failureMessage: null })]);
    // The same day again, or a crash's rerun: nothing more is paid.
    expect(await run(day(3))).toEqual({ released: 0, paid: 0, failed: 0, waiting: 0 });
    expect(await s.t.database.db.select().from(testTransfers)).toHaveLength(1);
    const mail = await s.t.mailSent();
    expect(mail.find((m) => m.to === s.host.email && m.subject.includes('is on its way'))?.text).toContain('ending in 6789');
  });

  it('puts a failed payout back in the available balance, mails the host, and pays it once the account is fixed', async () => {
    expect((await setAccount({ ...GOOD_ACCOUNT, accountNumber: '000111111116' })).statusCode).toBe(200);
    const room = await s.newRoom();
    const stay = await bookStay(s.t, s.guest, { roomId: room.id, from: day(10), to: day(11) });
    const owed = await shareOf(stay);
    expect(await run(day(11))).toMatchObject({ released: 1, paid: 0, failed: 1 });
    const failed = await page();
    expect(failed.balances).toMatchObject({ availableCents: owed, inTransitCents: 0 });
    expect(failed.payouts[0]).toMatchObject({ status: 'failed', amountCents: owed, failureMessage: PAYOUT_FAILURE_MESSAGES.no_account });
    const mail = await s.t.mailSent();
    expect(mail.find((m) => m.to === s.host.email && m.subject.includes('could not be sent'))?.text).toContain(PAYOUT_FAILURE_MESSAGES.no_account);

    expect((await setAccount(GOOD_ACCOUNT)).statusCode).toBe(200);
    expect(await run(day(12))).toMatchObject({ paid: 1, failed: 0 });
    expect((await page()).payouts[0]).toMatchObject({ status: 'paid', amountCents: owed, asOf: day(12) });
    expect((await page()).balances.availableCents).toBe(0);
  });

  it('pays once when the provider’s answer was lost: the next run asks again with the same key', async () => {
    const room = await s.newRoom();
    const stay = await bookStay(s.t, s.guest, { roomId: room.id, from: day(20), to: day(21) });
    const owed = await shareOf(stay);
    const transfersBefore = (await s.t.database.db.select().from(testTransfers)).length;
    // The provider makes the transfer, and the answer never comes back (a network cut, a crash).
    const real = processor();
    const lostAnswer: PaymentProvider = Object.assign(Object.create(real) as PaymentProvider, {
      async transfer(input: Parameters<PaymentProvider['transfer']>[0]) {
        await real.transfer(input);
        throw new PaymentProviderError('The connection was reset.', 'api_connection_error', true);
      },
    });
    expect(await run(day(21), lostAnswer)).toMatchObject({ paid: 0, waiting: 1 });
    expect((await page()).balances).toMatchObject({ inTransitCents: owed });
    expect(await run(day(21))).toMatchObject({ paid: 1 });
    expect(await s.t.database.db.select().from(testTransfers)).toHaveLength(transfersBefore + 1);
    expect((await page()).balances).toMatchObject({ inTransitCents: 0, availableCents: 0 });
    const [payout] = await s.t.database.db.select().from(payouts).where(eq(payouts.asOf, day(21)));
    expect(payout).toMatchObject({ status: 'paid', amountCents: owed });
  });

  it('takes a refund after a payout from the next one', async () => {
    const room = await s.newRoom();
    const first = await bookStay(s.t, s.guest, { roomId: room.id, from: day(30), to: day(31) });
    const owed = await shareOf(first);
    // Released and paid early, as an operator's run for a later day does; then the host cancels before check-in.
    expect(await run(day(31))).toMatchObject({ paid: 1 });
    expect((await s.t.call('DELETE', `/api/booking/${first._id}`, { as: s.host })).statusCode).toBe(200);
    expect((await page()).balances.availableCents).toBe(-owed);
    // Nothing is paid while the balance is below zero; the next stay's share pays it back first.
    expect(await run(day(32))).toMatchObject({ paid: 0 });
    const second = await bookStay(s.t, s.guest, { roomId: room.id, from: day(33), to: day(36) });
    expect(await run(day(34))).toMatchObject({ paid: 1 });
    expect((await page()).payouts[0]).toMatchObject({ asOf: day(34), amountCents: (await shareOf(second)) - owed });
  });

  it('mails a failed payout’s reason in the host’s language, and answers it in English as the API always has', async () => {
    await s.t.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, s.otherHost.id));
    expect((await setAccount({ ...GOOD_ACCOUNT, accountNumber: '000111111116' }, s.otherHost)).statusCode).toBe(200);
    const room = await s.newRoom({ hostId: s.otherHost.id });
    await bookStay(s.t, s.guest, { roomId: room.id, from: day(40), to: day(41) });
    await s.t.clearMail();
    expect(await run(day(41))).toMatchObject({ failed: 1 });
    expect((await page(s.otherHost)).payouts[0]).toMatchObject({ status: 'failed', failureMessage: PAYOUT_FAILURE_MESSAGES.no_account });
    const mail = (await s.t.mailSent()).find((m) => m.to === s.otherHost.email);
    expect(mail?.subject).toMatch(/^No se ha podido enviar tu pago de /);
    expect(mail?.text).toContain('El banco no ha encontrado ninguna cuenta con estos datos. Comprueba el número de cuenta y el número de ruta.');
    expect(mail?.text).not.toContain(PAYOUT_FAILURE_MESSAGES.no_account);
  });
});
