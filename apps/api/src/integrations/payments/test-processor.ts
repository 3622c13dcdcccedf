import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CARD_ERROR_MESSAGES,
  cardBrand,
  cardDigits,
  checkCardInput,
  TEST_CARD_OUTCOMES,
  type CardErrorCode,
  type CardInput,
  type PaymentConfig,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { testPaymentEvents, testPaymentIntents } from '../../db/schema.js';
import { CardError, ConflictError, NotFoundError } from '../../errors.js';
import {
  PaymentProviderError,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type StayMetadata,
} from './payment-provider.js';

type IntentRow = typeof testPaymentIntents.$inferSelect;

/** Stripe-like ids: a prefix and 24 random letters and digits. */
function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + Array.from(randomBytes(24), (b) => alphabet[b % alphabet.length]).join('');
}

/** Which form field a card check is about, so the form can point at it. */
const CARD_FIELD: Partial<Record<CardErrorCode, 'number' | 'expiry' | 'cvc'>> = {
  invalid_number: 'number',
  incomplete_number: 'number',
  invalid_expiry: 'expiry',
  expiry_in_past: 'expiry',
  invalid_cvc: 'cvc',
  incorrect_cvc: 'cvc',
  expired_card: 'expiry',
};

function cardError(status: 400 | 402, code: CardErrorCode): CardError {
  const message = CARD_ERROR_MESSAGES[code];
  const field = CARD_FIELD[code];
  return new CardError(status, code, message, field ? { [field]: message } : undefined);
}

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    amountCapturableCents: row.amountCapturableCents,
    amountReceivedCents: row.amountReceivedCents,
    amountRefundedCents: row.amountRefundedCents,
    currency: row.currency,
    metadata: row.metadata as Partial<StayMetadata>,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    clientSecret: row.clientSecret,
    lastErrorCode: row.lastDeclineCode,
  };
}

function missing(id: string): PaymentProviderError {
  return new PaymentProviderError(`No such payment_intent: '${id}'`, 'resource_missing');
}

function unexpectedState(action: string, row: IntentRow): PaymentProviderError {
  return new PaymentProviderError(
    `You cannot ${action} this PaymentIntent because it has a status of ${row.status}.`,
    'payment_intent_unexpected_state',
  );
}

/**
 * The built-in card processor, the default provider: it behaves like Stripe's test mode (manual-capture
 * intents, Stripe's test card numbers and decline codes, idempotency keys, refunds never above what was
 * captured) and keeps its own records in `test_payment_intents` and `test_payment_events`, as Stripe keeps
 * its side. Only a card's brand and last four digits are ever kept.
 *
 * Every operation locks the intent's row for its short transaction, so concurrent captures, voids and
 * refunds of one intent happen one after the other, as they do at a real processor.
 */
export class TestPaymentProcessor implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly db: Db) {}

  publicConfig(): PaymentConfig {
    return { provider: 'test', publishableKey: null };
  }

  async createIntent(input: {
    amountCents: number;
    currency: 'usd';
    metadata: StayMetadata;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderIntent> {
    const id = newId('pi_test_');
    const inserted = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${newId('')}`,
          amountCents: input.amountCents,
          currency: input.currency,
          status: 'requires_payment_method',
          captureMethod: 'manual',
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
        .returning();
      if (row) await this.recordEvent(tx, row.id, 'payment_intent.created', 0);
      return row;
    });
    if (inserted) return toIntent(inserted);
    // The same key again: the intent it created then, provided it asks for the same thing.
    const [earlier] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
    if (!earlier || earlier.amountCents !== input.amountCents || earlier.metadata.paymentId !== input.metadata.paymentId) {
      throw new PaymentProviderError(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_key_in_use',
      );
    }
    return toIntent(earlier);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!row) throw missing(id);
    return toIntent(row);
  }

  async captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    const captured = await this.withLockedIntent(id, async (tx, row) => {
      if (row.status === 'succeeded') return row;
      if (row.status !== 'requires_capture') throw unexpectedState('capture', row);
      const [updated] = await tx
        .update(testPaymentIntents)
        .set({ status: 'succeeded', amountReceivedCents: row.amountCapturableCents, amountCapturableCents: 0, updatedAt: new Date() })
        .where(eq(testPaymentIntents.id, id))
        .returning();
      await this.recordEvent(tx, id, 'payment_intent.succeeded', row.amountCapturableCents, idempotencyKey);
      return updated!;
    });
    return toIntent(captured);
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    const canceled = await this.withLockedIntent(id, async (tx, row) => {
      if (row.status === 'canceled') return row;
      if (row.status === 'succeeded') throw unexpectedState('cancel', row);
      const [updated] = await tx
        .update(testPaymentIntents)
        .set({ status: 'canceled', amountCapturableCents: 0, updatedAt: new Date() })
        .where(eq(testPaymentIntents.id, id))
        .returning();
      await this.recordEvent(tx, id, 'payment_intent.canceled', row.amountCapturableCents, idempotencyKey);
      return updated!;
    });
    return toIntent(canceled);
  }

  async refund(input: { intentId: string; amountCents?: number; idempotencyKey: string }): Promise<ProviderRefund> {
    return this.withLockedIntent(input.intentId, async (tx, row) => {
      // Looked up after the lock, so a concurrent refund with the same key is seen once it committed.
      const [earlier] = await tx.select().from(testPaymentEvents).where(eq(testPaymentEvents.idempotencyKey, input.idempotencyKey));
      if (earlier) {
        if (earlier.intentId !== row.id || earlier.type !== 'charge.refunded') {
          throw new PaymentProviderError('This idempotency key was used for another request.', 'idempotency_key_in_use');
        }
        return { id: earlier.id, amountCents: earlier.amountCents, status: 'succeeded' as const };
      }
      if (row.status !== 'succeeded') {
        throw new PaymentProviderError(`PaymentIntent ${row.id} has not been captured, so it cannot be refunded.`, 'charge_not_captured');
      }
      const remaining = row.amountReceivedCents - row.amountRefundedCents;
      const amount = input.amountCents ?? remaining;
      if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
        throw new PaymentProviderError(
          `Refund amount (${amount}) is greater than the unrefunded amount on the charge (${remaining}).`,
          remaining === 0 ? 'charge_already_refunded' : 'amount_too_large',
        );
      }
      await tx
        .update(testPaymentIntents)
        .set({ amountRefundedCents: row.amountRefundedCents + amount, updatedAt: new Date() })
        .where(eq(testPaymentIntents.id, row.id));
      const eventId = await this.recordEvent(tx, row.id, 'charge.refunded', amount, input.idempotencyKey);
      return { id: eventId, amountCents: amount, status: 'succeeded' as const };
    });
  }

  /**
   * The card form's confirmation (Stripe.js's confirmCardPayment): checks the card as the form does, then
   * lets Stripe's test numbers decide. Success holds the amount (`requires_capture`) and keeps the brand and
   * last four digits; a decline is recorded as `payment_intent.payment_failed` and answered with a 402. A
   * confirmation of an intent already held answers it as it is: the guest whose first answer was lost (the
   * server died before recording it) goes on to book the stay instead of hearing that the payment failed.
   */
  async confirmCard(clientSecret: string, card: CardInput, now: Date = new Date()): Promise<ProviderIntent> {
    const id = /^(pi_test_[A-Za-z0-9]{24})_secret_[A-Za-z0-9]{24}$/.exec(clientSecret)?.[1];
    const notFound = new NotFoundError('This payment does not exist. Please start the payment again.');
    if (!id) throw notFound;
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!row || !sameSecret(row.clientSecret, clientSecret)) throw notFound;

    const invalid = checkCardInput(card, now);
    if (invalid) throw cardError(400, invalid);
    const digits = cardDigits(card.number);
    const decline = TEST_CARD_OUTCOMES[digits] ?? null;

    const result = await this.withLockedIntent(id, async (tx, locked) => {
      if (locked.status === 'canceled') throw new ConflictError('This payment was cancelled. Please start the payment again.');
      // Confirmed already (a retry after the answer was lost): the hold stands, and the caller books it.
      if (locked.status !== 'requires_payment_method') return { ...locked, lastDeclineCode: null };
      if (decline) {
        await tx
          .update(testPaymentIntents)
          .set({ lastDeclineCode: decline, updatedAt: new Date() })
          .where(eq(testPaymentIntents.id, id));
        await this.recordEvent(tx, id, 'payment_intent.payment_failed', 0);
        return locked;
      }
      const [updated] = await tx
        .update(testPaymentIntents)
        .set({
          status: 'requires_capture',
          amountCapturableCents: locked.amountCents,
          cardBrand: cardBrand(digits),
          cardLast4: digits.slice(-4),
          lastDeclineCode: null,
          updatedAt: new Date(),
        })
        .where(eq(testPaymentIntents.id, id))
        .returning();
      await this.recordEvent(tx, id, 'payment_intent.amount_capturable_updated', locked.amountCents);
      return updated!;
    });
    if (result.status === 'requires_payment_method' && decline) throw cardError(402, decline);
    return toIntent(result);
  }

  /** Runs `fn` on the intent's row, locked for a short transaction of its own. */
  private withLockedIntent<T>(id: string, fn: (tx: Db, row: IntentRow) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).for('update');
      if (!row) throw missing(id);
      return fn(tx as unknown as Db, row);
    });
  }

  private async recordEvent(tx: Pick<Db, 'insert'>, intentId: string, type: string, amountCents: number, idempotencyKey?: string): Promise<string> {
    const id = newId('evt_test_');
    await tx.insert(testPaymentEvents).values({ id, intentId, type, amountCents, idempotencyKey: idempotencyKey ?? null });
    return id;
  }
}

function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
