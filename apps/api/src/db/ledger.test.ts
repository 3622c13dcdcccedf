import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, CANCELLATION_POLICIES, hostPayoutOf, refundMoney, stayMoney, type QuoteLine } from '@staybook/domain';
import { bookStay } from '../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../test/databases.js';
import { day } from '../test/dates.js';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.js';
import { queryRows } from './client.js';
import { insertRoom } from './factories.js';
import { TestPaymentProcessor } from '../integrations/payments/test-processor.js';
import { runPayouts } from '../modules/payouts/payout-run.js';
import { hostBalances, releaseShare } from './ledger.js';

/*
 * The ledger against the bookings and payouts it records: random sequences of stays booked under random fees and
 * prices (instantly, or requested and then accepted, declined, withdrawn or left to expire), cancelled with the
 * refunds their policies give (by guests and hosts), released to their hosts, and paid out to bank accounts that
 * take the money or fail, in any order. After every step each journal adds up to zero and
 * every account is what a fresh reading of the bookings, payments and payouts says.
 */

type Step =
  | { kind: 'book'; host: 0 | 1; inDays: number; nights: number; guests: number; priceCents: number; cleaningFeeCents: number; taxRateBp: number; policy: (typeof CANCELLATION_POLICIES)[number]; guestFeeBp: number; commissionBp: number; request: boolean }
  | { kind: 'answer'; pick: number; answer: 'accept' | 'decline' | 'withdraw' | 'expire' }
  | { kind: 'cancel'; pick: number; by: 'guest' | 'host' }
  | { kind: 'release'; pick: number }
  | { kind: 'account'; host: 0 | 1; accountNumber: string }
  | { kind: 'payout'; inDays: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    host: fc.constantFrom(0 as const, 1 as const),
    inDays: fc.integer({ min: 1, max: 20 }),
    nights: fc.integer({ min: 1, max: 8 }),
    guests: fc.integer({ min: 1, max: 4 }),
    priceCents: fc.integer({ min: 1_001, max: 40_000 }),
    cleaningFeeCents: fc.constantFrom(0, 2_500, 6_001),
    taxRateBp: fc.constantFrom(0, 725, 1_000),
    policy: fc.constantFrom(...CANCELLATION_POLICIES),
    guestFeeBp: fc.constantFrom(0, 1_000, 1_417),
    commissionBp: fc.constantFrom(0, 300, 1_533),
    request: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), answer: fc.constantFrom('accept' as const, 'decline' as const, 'withdraw' as const, 'expire' as const) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), by: fc.constantFrom('guest' as const, 'host' as const) }),
  fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
  // A bank account whose payouts go through, or one whose payouts fail (Stripe's test numbers).
  fc.record({ kind: fc.constant('account' as const), host: fc.constantFrom(0 as const, 1 as const), accountNumber: fc.constantFrom('000123456789', '000111111116') }),
  fc.record({ kind: fc.constant('payout' as const), inDays: fc.integer({ min: 1, max: 30 }) }),
);

describe.each(TEST_DATABASE_KINDS)('the ledger on %s', (kind) => {
  let t: TestApp;
  let hosts: TestUser[];
  let guest: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [guest, admin, ...hosts] = await Promise.all([t.signUp(), t.signUp({ role: 'admin' }), t.signUp({ role: 'host' }), t.signUp({ role: 'host' })]);
  });
  afterAll(() => t.close());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const payoutDeps = () => ({
    db: t.database.db,
    payments: new TestPaymentProcessor(t.database.db),
    jobs: { kick: () => {} },
    publicUrl: 'http://localhost:3000',
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });

  /** What every account should hold, read afresh from the bookings and their payments. */
  async function expectedAccounts(): Promise<Map<string, number>> {
    const stays = await rows<{ id: string; hostId: string; lines: QuoteLine[]; total: string; kept: string; refunded: string; bp: number; captured: boolean; released: boolean }>(
      sql`select b.id, r.host_id as "hostId", b.price_lines as lines, b.total_cents as total, b.kept_cents as kept, p.refunded_cents as refunded,
            b.host_commission_bp as bp, p.status in ('succeeded', 'refunded') as captured,
            exists (select 1 from ledger_journals j where j.key = 'release:' || b.id) as released
          from bookings b join rooms r on r.id = b.room_id join payments p on p.id = b.payment_id`,
    );
    const expected = new Map<string, number>();
    const add = (account: string, cents: number) => expected.set(account, (expected.get(account) ?? 0) + cents);
    // What left for hosts' banks, or is on its way: taken from what was released to them.
    const sent = await rows<{ hostId: string; status: string; cents: string }>(
      sql`select host_id as "hostId", status, sum(amount_cents) as cents from payouts where status <> 'failed' group by 1, 2`,
    );
    for (const payout of sent) {
      add(`host_available:${payout.hostId}`, -Number(payout.cents));
      add(`${payout.status === 'paid' ? 'host_paid' : 'host_in_transit'}:${payout.hostId}`, Number(payout.cents));
    }
    for (const s of stays.filter((stay) => stay.captured)) {
      const [total, kept, refunded] = [Number(s.total), Number(s.kept), Number(s.refunded)];
      const whole = stayMoney(s.lines, total, s.bp);
      const back = refundMoney(s.lines, total, refunded, s.bp);
      add('guest_payments', -total);
      add('guest_refunds', refunded);
      add('platform_guest_fees', whole.serviceFeeCents - back.serviceFeeCents);
      add('platform_commissions', whole.commissionCents - back.commissionCents);
      const { payoutCents } = hostPayoutOf(s.lines, total, kept, s.bp);
      if (s.released) add(`host_available:${s.hostId}`, payoutCents);
      else {
        add(`host_pending:${s.hostId}`, whole.hostShareCents - back.hostShareCents);
        add(`host_tax:${s.hostId}`, whole.taxCents - back.taxCents);
      }
    }
    return new Map([...expected].filter(([, cents]) => cents !== 0));
  }

  async function ledgerAccounts(): Promise<Map<string, number>> {
    const balances = await rows<{ account: string; cents: string }>(
      sql`select account || coalesce(':' || host_id, '') as account, sum(amount_cents) as cents from ledger_entries group by 1 having sum(amount_cents) <> 0`,
    );
    return new Map(balances.map((b) => [b.account, Number(b.cents)]));
  }

  async function expectLedgerTrue(): Promise<void> {
    expect(await rows(sql`select journal_id from ledger_entries group by journal_id having sum(amount_cents) <> 0`)).toEqual([]);
    expect(Object.fromEntries(await ledgerAccounts())).toEqual(Object.fromEntries(await expectedAccounts()));
    // Each host holds their share of the money kept (after commission, with the tax) less what reached their bank.
    for (const host of hosts) {
      const kept = await rows<{ lines: QuoteLine[]; total: string; kept: string; bp: number }>(
        sql`select b.price_lines as lines, b.total_cents as total, b.kept_cents as kept, b.host_commission_bp as bp
            from bookings b join rooms r on r.id = b.room_id join payments p on p.id = b.payment_id
            where r.host_id = ${host.id} and p.status in ('succeeded', 'refunded')`,
      );
      const owed = kept.reduce((total, b) => total + hostPayoutOf(b.lines, Number(b.total), Number(b.kept), b.bp).payoutCents, 0);
      const [paid] = await rows<{ cents: string | null }>(sql`select sum(amount_cents) as cents from payouts where host_id = ${host.id} and status = 'paid'`);
      const balances = await hostBalances(t.database.db, host.id);
      expect(balances.pendingCents + balances.availableCents + balances.inTransitCents).toBe(owed - Number(paid?.cents ?? 0));
      expect(balances.paidCents).toBe(Number(paid?.cents ?? 0));
    }
  }

  it('balances after every booking, cancellation, release and payout, and every account is what the bookings and payouts say', { timeout: 600_000 }, async () => {
    let round = 0;
    let posted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        round += 1;
        const booked: { id: string; host: TestUser }[] = [];
        for (const step of steps) {
          if (step.kind === 'book') {
            const put = await t.call('PUT', '/api/admin/fees', { as: admin, body: { guestFeePercent: String(step.guestFeeBp / 100), hostCommissionPercent: String(step.commissionBp / 100) } });
            expect(put.statusCode, put.body).toBe(200);
            const host = hosts[step.host]!;
            const room = await insertRoom(t.database.db, {
              hostId: host.id,
              availableFrom: day(1),
              availableTo: day(40),
              priceCents: step.priceCents,
              cleaningFeeCents: step.cleaningFeeCents,
              taxRateBp: step.taxRateBp,
              extraGuestFeeCents: 1_500,
              guestsIncluded: 2,
              guests: 4,
              cancellationPolicy: step.policy,
              instantBook: !step.request,
              title: `Ledger round ${round}`,
            });
            const stay = await bookStay(t, guest, { roomId: room.id, from: day(step.inDays), to: day(step.inDays + step.nights), guests: step.guests });
            booked.push({ id: stay._id, host });
          } else if (step.kind === 'account') {
            const body = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: step.accountNumber };
            expect((await t.call('PUT', '/api/payouts/bank-account', { as: hosts[step.host]!, body })).statusCode).toBe(200);
          } else if (step.kind === 'payout') {
            await runPayouts(payoutDeps(), { asOf: day(step.inDays), release: true });
          } else if (booked.length > 0) {
            const { id, host } = booked[step.pick % booked.length]!;
            if (step.kind === 'answer') {
              if (step.answer === 'expire') {
                await t.database.db.execute(sql`update bookings set request_expires_at = now() - interval '1 minute' where id = ${id} and status = 'requested'`);
                await t.app.paymentSweeper.sweep();
              } else {
                const res = await t.call('POST', `/api/booking/${id}/${step.answer}`, { as: step.answer === 'withdraw' ? guest : host });
                // Only a waiting request can be answered; anything else says why.
                expect([200, 409], res.body).toContain(res.statusCode);
              }
            } else if (step.kind === 'cancel') {
              const res = await t.call('DELETE', `/api/booking/${id}`, { as: step.by === 'guest' ? guest : host });
              // A stay already cancelled answers as it is.
              expect([200, 409], res.body).toContain(res.statusCode);
              if (res.statusCode === 200) expect(bookingSchema.parse(res.json()).status).toBe('cancelled');
            } else {
              // The job the capture scheduled, run now as if check-in were a day ago.
              await releaseShare(t.database.db, id);
            }
          }
          await expectLedgerTrue();
        }
        posted += (await rows(sql`select 1 from ledger_journals`)).length;
      }),
      {
        numRuns: 15,
        // One run that surely meets every kind of journal: a payout that fails, then one that is paid, then a refund
        // after the payout, which the next stay's share pays back.
        examples: [
          [
            [
              { kind: 'account', host: 0, accountNumber: '000111111116' },
              { kind: 'book', host: 0, inDays: 2, nights: 2, guests: 3, priceCents: 15_001, cleaningFeeCents: 2_500, taxRateBp: 725, policy: 'moderate', guestFeeBp: 1_417, commissionBp: 1_533, request: false },
              { kind: 'payout', inDays: 3 },
              { kind: 'account', host: 0, accountNumber: '000123456789' },
              { kind: 'payout', inDays: 4 },
              { kind: 'cancel', pick: 0, by: 'host' },
              { kind: 'book', host: 0, inDays: 6, nights: 8, guests: 1, priceCents: 20_000, cleaningFeeCents: 0, taxRateBp: 0, policy: 'strict', guestFeeBp: 0, commissionBp: 300, request: false },
              { kind: 'payout', inDays: 7 },
            ],
          ],
          // Requests of each ending: one accepted (captured, released, paid), one declined, one withdrawn, one expired.
          [
            [
              { kind: 'account', host: 1, accountNumber: '000123456789' },
              { kind: 'book', host: 1, inDays: 2, nights: 3, guests: 2, priceCents: 12_345, cleaningFeeCents: 6_001, taxRateBp: 1_000, policy: 'flexible', guestFeeBp: 1_000, commissionBp: 300, request: true },
              { kind: 'book', host: 1, inDays: 8, nights: 2, guests: 1, priceCents: 9_999, cleaningFeeCents: 0, taxRateBp: 0, policy: 'flexible', guestFeeBp: 0, commissionBp: 0, request: true },
              { kind: 'answer', pick: 0, answer: 'accept' },
              { kind: 'answer', pick: 1, answer: 'decline' },
              { kind: 'book', host: 0, inDays: 12, nights: 2, guests: 1, priceCents: 20_000, cleaningFeeCents: 0, taxRateBp: 725, policy: 'strict', guestFeeBp: 1_417, commissionBp: 1_533, request: true },
              { kind: 'answer', pick: 2, answer: 'withdraw' },
              { kind: 'book', host: 0, inDays: 16, nights: 2, guests: 1, priceCents: 20_000, cleaningFeeCents: 0, taxRateBp: 0, policy: 'moderate', guestFeeBp: 0, commissionBp: 300, request: true },
              { kind: 'answer', pick: 3, answer: 'expire' },
              { kind: 'payout', inDays: 5 },
            ],
          ],
        ],
      },
    );
    // The runs booked, cancelled and released something (a property over nothing would pass too), and requests ended
    // every way a request can.
    const answers = await rows<{ answer: string }>(sql`select distinct request_answer as answer from bookings where request_answer is not null`);
    expect(answers.map((a) => a.answer).sort()).toEqual(['accepted', 'declined', 'expired', 'withdrawn']);
    const kinds = await rows<{ kind: string }>(sql`select distinct kind from ledger_journals order by kind`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['capture', 'payout', 'payout-failed', 'payout-paid', 'refund', 'release']);
    expect(posted).toBeGreaterThan(0);
  });

  it('refuses to change or remove what was posted, and refuses a journal that does not add up', async () => {
    const [entry] = await rows<{ id: string }>(sql`select id from ledger_entries limit 1`);
    await expect(t.database.db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1 where id = ${entry!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries where id = ${entry!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_journals`)).rejects.toThrow();
    const offByOne = await t.database.db
      .execute(
        sql`with j as (insert into ledger_journals (key, kind) values ('off-by-one', 'release') returning id)
          insert into ledger_entries (journal_id, account, amount_cents) select id, 'platform_commissions', 1 from j`,
      )
      .catch((err: Error) => err);
    expect(String((offByOne as Error).cause)).toMatch(/does not balance: its entries add up to 1 cents/);
    expect(await rows(sql`select id from ledger_journals where key = 'off-by-one'`)).toEqual([]);
  });
});
