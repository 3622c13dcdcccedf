import { eq, sql } from 'drizzle-orm';
import { marketplaceCurrency, TEST_ROUTING_NUMBER, todayIso } from '@staybook/domain';
import { queryRows, type Db } from '../db/client.js';
import { hostBalances, payoutJournal, postJournal, releaseShare, RELEASE_SHARE_JOB } from '../db/ledger.js';
import { payoutAccounts, payouts, testTransfers } from '../db/schema.js';
import type { TestPaymentProcessor } from '../integrations/payments/test-processor.js';
import { payoutIdempotencyKey } from '../modules/payouts/payout-run.js';

/** Stripe's test account number whose payouts are paid. */
const PAID_ACCOUNT_NUMBER = '000123456789';
const HOUR_MS = 3_600_000;

/**
 * The money history of one demo host, so Earnings and Payouts open on a year of it (decision 049): a test bank account
 * at the built-in processor, each past stay's share released when it fell due (24 hours after check-in where the
 * room is) and paid as the server's hourly pass would have: once a day, at the first whole hour after money became
 * available, the whole available balance, through the processor. What falls due after `now` is left to the server's
 * jobs and payout pass, as for any host. Run once, in the seed's transaction, after the stays are booked.
 */
export async function seedDemoPayouts(tx: Db, { hostId, holderName, processor, now }: { hostId: string; holderName: string; processor: TestPaymentProcessor; now: Date }): Promise<number> {
  const due = await queryRows<{ bookingId: string; at: Date | string }>(
    tx,
    sql`select j.payload->>'bookingId' as "bookingId", j.run_at as at
        from jobs j join bookings b on b.id = (j.payload->>'bookingId')::uuid join rooms r on r.id = b.room_id
        where j.kind = ${RELEASE_SHARE_JOB} and r.host_id = ${hostId} and j.run_at < ${now.toISOString()}::timestamptz
        order by j.run_at, b.id`,
  );
  if (due.length === 0) return 0;
  const first = new Date(due[0]!.at);
  const bank = await processor.createBankAccount({ holderName, routingNumber: TEST_ROUTING_NUMBER, accountNumber: PAID_ACCOUNT_NUMBER });
  const account = { hostId, provider: processor.name, accountRef: bank.id, holderName, last4: bank.last4, ready: true };
  const setUpAt = new Date(first.getTime() - 7 * 24 * HOUR_MS);
  await tx.insert(payoutAccounts).values({ ...account, createdAt: setUpAt, updatedAt: setUpAt });

  let paidOn: string | null = null;
  let availableSince: Date | null = null;
  let made = 0;
  /** The pass that pays money available since `since`: the next whole hour, or the next day's first when today's is paid. */
  const passAfter = (since: Date): Date => {
    const hour = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    return todayIso(hour) === paidOn ? new Date(`${todayIso(new Date(hour.getTime() + 24 * HOUR_MS))}T00:00:00Z`) : hour;
  };
  const payAt = async (at: Date) => {
    const { availableCents } = await hostBalances(tx, hostId);
    availableSince = null;
    if (availableCents <= 0) return;
    const asOf = todayIso(at);
    const [payout] = await tx
      .insert(payouts)
      .values({ hostId, asOf, amountCents: availableCents, provider: account.provider, accountRef: account.accountRef, last4: account.last4, createdAt: at, updatedAt: at })
      .returning();
    const money = { payoutId: payout!.id, hostId, amountCents: availableCents };
    await postJournal(tx, { ...payoutJournal(money, 'payout'), postedAt: at });
    const transfer = await processor.transfer({
      amountCents: availableCents,
      currency: marketplaceCurrency().toLowerCase(),
      destination: account.accountRef,
      idempotencyKey: payoutIdempotencyKey(payout!),
      metadata: { payoutId: payout!.id, hostId },
    });
    // The processor's record is dated when the payout was made, as the provider's would be.
    await tx.update(testTransfers).set({ createdAt: at }).where(eq(testTransfers.id, transfer.id));
    const answeredAt = new Date(at.getTime() + 2_000);
    await tx.update(payouts).set({ status: transfer.status, transferId: transfer.id, updatedAt: answeredAt }).where(eq(payouts.id, payout!.id));
    await postJournal(tx, { ...payoutJournal(money, transfer.status === 'paid' ? 'payout-paid' : 'payout-failed'), postedAt: answeredAt });
    paidOn = asOf;
    made += 1;
  };

  for (const { bookingId, at } of due) {
    const releasedAt = new Date(at);
    if (availableSince && passAfter(availableSince) <= releasedAt) await payAt(passAfter(availableSince));
    // A fully refunded stay has nothing to release.
    if (await releaseShare(tx, bookingId, undefined, releasedAt)) availableSince ??= releasedAt;
  }
  if (availableSince && passAfter(availableSince) < now) await payAt(passAfter(availableSince));
  return made;
}
