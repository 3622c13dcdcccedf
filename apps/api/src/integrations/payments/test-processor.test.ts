import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ERROR_MESSAGES, type CardInput } from '@staybook/domain';
import { testPaymentEvents, testPaymentIntents } from '../../db/schema.js';
import { CardError } from '../../errors.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/databases.js';
import { PaymentProviderError, type StayMetadata } from './payment-provider.js';
import { TestPaymentProcessor } from './test-processor.js';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const card = (number: string, cvc = '123'): CardInput => ({ number, expMonth: 12, expYear: NEXT_YEAR, cvc });

function metadata(): StayMetadata {
  return { paymentId: randomUUID(), roomId: randomUUID(), guestId: 'guest-1', checkIn: '2031-01-01', checkOut: '2031-01-03' };
}

/** The built-in processor behaves as Stripe's test mode does, on its own tables. */
describe.each(TEST_DATABASE_KINDS)('built-in test processor on %s', (kind) => {
  let t: TestDatabase;
  let processor: TestPaymentProcessor;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    processor = new TestPaymentProcessor(t.database.db);
  });
  afterAll(() => t.cleanup());

  async function newIntent(amountCents = 24_000, key = `intent-${randomUUID()}`) {
    return processor.createIntent({ amountCents, currency: 'usd', metadata: metadata(), description: 'A stay', idempotencyKey: key });
  }

  async function eventsOf(intentId: string) {
    const rows = await t.database.db
      .select()
      .from(testPaymentEvents)
      .where(eq(testPaymentEvents.intentId, intentId))
      .orderBy(asc(testPaymentEvents.createdAt));
    return rows.map((e) => ({ type: e.type, amountCents: e.amountCents }));
  }

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (err: unknown) => err,
    );
  }

  it('creates manual-capture intents with Stripe-like ids and a client secret', async () => {
    const intent = await newIntent();
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountCents: 24_000, currency: 'usd', card: null });
    expect(intent.id).toMatch(/^pi_test_[A-Za-z0-9]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{24}$`));
    const [row] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.id));
    expect(row).toMatchObject({ captureMethod: 'manual' });
    expect(await eventsOf(intent.id)).toEqual([{ type: 'payment_intent.created', amountCents: 0 }]);
  });

  it('answers the same intent for the same idempotency key, and refuses the key for another amount', async () => {
    const key = `intent-${randomUUID()}`;
    const meta = metadata();
    const make = (amountCents: number) =>
      processor.createIntent({ amountCents, currency: 'usd', metadata: meta, description: 'A stay', idempotencyKey: key });
    const [a, b] = await Promise.all([make(5_000), make(5_000)]);
    expect(b.id).toBe(a.id);
    expect(await eventsOf(a.id)).toEqual([{ type: 'payment_intent.created', amountCents: 0 }]);
    const err = await refusal(make(6_000));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'idempotency_key_in_use' });
  });

  it.each([
    ['4242 4242 4242 4242', '123', 'visa', '4242'],
    ['5555555555554444', '123', 'mastercard', '4444'],
    ['3782 822463 10005', '1234', 'amex', '0005'],
  ])('authorizes %s: the amount is held, and only brand and last four are kept', async (number, cvc, brand, last4) => {
    const intent = await newIntent(12_345);
    const confirmed = await processor.confirmCard(intent.clientSecret!, card(number, cvc));
    expect(confirmed).toMatchObject({ status: 'requires_capture', amountCapturableCents: 12_345, amountReceivedCents: 0, card: { brand, last4 } });
    const [row] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.id));
    expect(JSON.stringify(row)).not.toContain(number.replaceAll(' ', ''));
    expect(await eventsOf(intent.id)).toEqual([
      { type: 'payment_intent.created', amountCents: 0 },
      { type: 'payment_intent.amount_capturable_updated', amountCents: 12_345 },
    ]);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4000 0000 0000 0119', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
  ])('declines %s with %s and the guest-facing message; the failure is recorded and nothing is held', async (number, code, message) => {
    const intent = await newIntent();
    const err = await refusal(processor.confirmCard(intent.clientSecret!, card(number)));
    expect(err).toBeInstanceOf(CardError);
    expect(err).toMatchObject({ status: 402, code: 'CARD_DECLINED', declineCode: code, message });
    const after = await processor.retrieveIntent(intent.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', amountCapturableCents: 0, lastErrorCode: code, card: null });
    expect(await eventsOf(intent.id)).toEqual([
      { type: 'payment_intent.created', amountCents: 0 },
      { type: 'payment_intent.payment_failed', amountCents: 0 },
    ]);
    // A declined intent may be retried with another card, as at Stripe.
    await expect(processor.confirmCard(intent.clientSecret!, card('4242424242424242'))).resolves.toMatchObject({ status: 'requires_capture' });
  });

  it.each([
    [card('4242 4242 4242 4241'), 'invalid_number', 'number'],
    [card('4242 4242 4242'), 'incomplete_number', 'number'],
    [{ ...card('4242424242424242'), expMonth: 1, expYear: 2020 }, 'expiry_in_past', 'expiry'],
    [{ ...card('4242424242424242'), expMonth: 13 }, 'invalid_expiry', 'expiry'],
    [card('4242424242424242', '12'), 'invalid_cvc', 'cvc'],
    [card('378282246310005', '123'), 'invalid_cvc', 'cvc'],
  ] as const)('refuses bad card details before the processor decides (%#: %s)', async (input, code, field) => {
    const intent = await newIntent();
    const err = await refusal(processor.confirmCard(intent.clientSecret!, input));
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', declineCode: code, message: CARD_ERROR_MESSAGES[code], fields: { [field]: CARD_ERROR_MESSAGES[code] } });
    expect(await eventsOf(intent.id)).toEqual([{ type: 'payment_intent.created', amountCents: 0 }]);
  });

  it('answers 404 for a client secret it did not issue, and a second confirmation with the hold as it is', async () => {
    const intent = await newIntent();
    const forged = `${intent.id}_secret_${'A'.repeat(24)}`;
    expect(await refusal(processor.confirmCard(forged, card('4242424242424242')))).toMatchObject({ status: 404 });
    expect(await refusal(processor.confirmCard('pi_nope', card('4242424242424242')))).toMatchObject({ status: 404 });
    await processor.confirmCard(intent.clientSecret!, card('4242424242424242'));
    // The guest retries after losing the first answer: the hold stands, held once, on the first card.
    for (const retry of ['4242424242424242', '4000000000000002']) {
      expect(await processor.confirmCard(intent.clientSecret!, card(retry))).toMatchObject({
        status: 'requires_capture',
        amountCapturableCents: intent.amountCents,
        card: { last4: '4242' },
      });
    }
    expect((await eventsOf(intent.id)).map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.amount_capturable_updated']);
    await processor.cancelIntent(intent.id, 'cancel-twice');
    expect(await refusal(processor.confirmCard(intent.clientSecret!, card('4242424242424242')))).toMatchObject({ status: 409 });
  });

  it('captures only an authorized intent, once, however often it is asked', async () => {
    const intent = await newIntent(9_900);
    expect(await refusal(processor.captureIntent(intent.id, 'capture-a'))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    await processor.confirmCard(intent.clientSecret!, card('4242424242424242'));
    const results = await Promise.all([1, 2, 3].map(() => processor.captureIntent(intent.id, 'capture-a')));
    for (const r of results) expect(r).toMatchObject({ status: 'succeeded', amountReceivedCents: 9_900, amountCapturableCents: 0 });
    expect((await eventsOf(intent.id)).filter((e) => e.type === 'payment_intent.succeeded')).toEqual([
      { type: 'payment_intent.succeeded', amountCents: 9_900 },
    ]);
    expect(await refusal(processor.cancelIntent(intent.id, 'cancel-a'))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await refusal(processor.captureIntent('pi_test_unknown', 'capture-b'))).toMatchObject({ code: 'resource_missing' });
  });

  it('voids a hold once, and a voided intent can be neither captured nor confirmed', async () => {
    const intent = await newIntent(4_000);
    await processor.confirmCard(intent.clientSecret!, card('4242424242424242'));
    const [a, b] = await Promise.all([processor.cancelIntent(intent.id, 'cancel-1'), processor.cancelIntent(intent.id, 'cancel-1')]);
    expect(a).toMatchObject({ status: 'canceled', amountCapturableCents: 0, amountReceivedCents: 0 });
    expect(b.status).toBe('canceled');
    expect((await eventsOf(intent.id)).filter((e) => e.type === 'payment_intent.canceled')).toEqual([
      { type: 'payment_intent.canceled', amountCents: 4_000 },
    ]);
    expect(await refusal(processor.captureIntent(intent.id, 'capture-1'))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await refusal(processor.confirmCard(intent.clientSecret!, card('4242424242424242')))).toMatchObject({
      status: 409,
      message: 'This payment was cancelled. Please start the payment again.',
    });
  });

  it('refunds once per idempotency key, never more than was captured, and nothing before capture', async () => {
    const intent = await newIntent(10_000);
    await processor.confirmCard(intent.clientSecret!, card('4242424242424242'));
    expect(await refusal(processor.refund({ intentId: intent.id, idempotencyKey: 'refund-early' }))).toMatchObject({ code: 'charge_not_captured' });
    await processor.captureIntent(intent.id, 'capture-r');

    const same = await Promise.all([1, 2, 3].map(() => processor.refund({ intentId: intent.id, idempotencyKey: 'refund-1' })));
    expect(new Set(same.map((r) => r.id)).size).toBe(1);
    expect(same[0]).toMatchObject({ amountCents: 10_000, status: 'succeeded' });
    expect(same[0]!.id).toMatch(/^evt_test_/);
    expect(await refusal(processor.refund({ intentId: intent.id, idempotencyKey: 'refund-2' }))).toMatchObject({ code: 'charge_already_refunded' });
    expect(await processor.retrieveIntent(intent.id)).toMatchObject({ amountReceivedCents: 10_000, amountRefundedCents: 10_000 });
    expect((await eventsOf(intent.id)).filter((e) => e.type === 'charge.refunded')).toEqual([{ type: 'charge.refunded', amountCents: 10_000 }]);
  });

  it('adds partial refunds up to the captured amount, even when they race', async () => {
    const intent = await newIntent(10_000);
    await processor.confirmCard(intent.clientSecret!, card('4242424242424242'));
    await processor.captureIntent(intent.id, 'capture-p');
    const attempts = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((i) => processor.refund({ intentId: intent.id, amountCents: 3_000, idempotencyKey: `partial-${intent.id}-${i}` })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    for (const a of attempts.filter((x) => x.status === 'rejected')) expect(a.reason).toMatchObject({ code: 'amount_too_large' });
    expect(await processor.retrieveIntent(intent.id)).toMatchObject({ amountRefundedCents: 9_000 });
  });
});
