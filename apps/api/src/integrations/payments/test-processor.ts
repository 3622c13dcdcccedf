import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  bankAccountInputSchema,
  CARD_ERROR_MESSAGES,
  cardBrand,
  cardDigits,
  checkCardInput,
  TEST_BANK_ACCOUNT_OUTCOMES,
  TEST_CARD_OUTCOMES,
  type BankAccountInput,
  type CardErrorCode,
  type CardInput,
  type PaymentConfig,
} from '@staybook/domain';
import { preparedStatement, queryNamed, withTransaction, type Db } from '../../db/client.js';
import { testBankAccounts, testPaymentEvents, testPaymentIntents, testTransfers } from '../../db/schema.js';
import { CardError, ConflictError, NotFoundError } from '../../errors.js';
import {
  PaymentProviderError,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderCaptureRecord,
  type ProviderRefund,
  type ProviderTransfer,
  type ProviderTransferRecord,
  type StayMetadata,
} from './payment-provider.js';

type IntentRow = typeof testPaymentIntents.$inferSelect;

const intentById = preparedStatement((db) =>
  db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, sql.placeholder('id'))).prepare('test_intent_by_id'),
);

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

/** A row of test_payment_intents as a raw statement answers it: snake_case, bigints as text on PostgreSQL. */
function intentRowFrom(r: Record<string, unknown>): IntentRow {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(r.id),
    clientSecret: String(r.client_secret),
    amountCents: Number(r.amount_cents),
    currency: String(r.currency),
    status: String(r.status),
    captureMethod: String(r.capture_method),
    metadata: (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Record<string, string>,
    cardBrand: text(r.card_brand),
    cardLast4: text(r.card_last4),
    lastDeclineCode: text(r.last_decline_code),
    amountCapturableCents: Number(r.amount_capturable_cents),
    amountReceivedCents: Number(r.amount_received_cents),
    amountRefundedCents: Number(r.amount_refunded_cents),
    idempotencyKey: text(r.idempotency_key),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
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

function toTransfer(row: typeof testTransfers.$inferSelect): ProviderTransfer {
  return { id: row.id, amountCents: row.amountCents, destination: row.destination, status: row.status === 'paid' ? 'paid' : 'failed', failureCode: row.failureCode };
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
 * Concurrent operations on one intent happen one after the other, as they do at a real processor, in one of two
 * ways: creating, confirming and capturing are each one guarded statement (an update whose `where` names the
 * state it moves from, with its event in the same statement, so the second of two racing captures changes no
 * row and reads the first's result); voids and refunds, which read the intent before deciding, lock its row for
 * a short transaction of their own (`withLockedIntent`).
 */
export class TestPaymentProcessor implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly db: Db) {}

  publicConfig(): PaymentConfig {
    return { provider: 'test', publishableKey: null };
  }

  async createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: StayMetadata;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderIntent> {
    const id = newId('pi_test_');
    // The intent and its event in one statement; a key used before creates nothing.
    const inserted = await this.one('test_intent_created', sql`
      with created as (
        insert into ${testPaymentIntents} (id, client_secret, amount_cents, currency, status, capture_method, metadata, idempotency_key)
        values (${id}, ${`${id}_secret_${newId('')}`}, ${input.amountCents}, ${input.currency}, 'requires_payment_method', 'manual',
                ${JSON.stringify(input.metadata)}::jsonb, ${input.idempotencyKey})
        on conflict (idempotency_key) do nothing
        returning *),
      event as (
        insert into ${testPaymentEvents} (id, intent_id, type, amount_cents)
        select ${newId('evt_test_')}, id, 'payment_intent.created', 0 from created)
      select * from created`);
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
    return toIntent(await this.current(id));
  }

  async captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    const captured = await this.move(
      id,
      'requires_capture',
      sql`status = 'succeeded', amount_received_cents = amount_capturable_cents, amount_capturable_cents = 0`,
      { type: 'payment_intent.succeeded', amountCents: sql`amount_received_cents`, idempotencyKey },
    );
    if (captured) return toIntent(captured);
    // Captured already (the same capture again), or in a state that cannot be captured.
    const row = await this.current(id);
    if (row.status !== 'succeeded') throw unexpectedState('capture', row);
    return toIntent(row);
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
   * A host's bank account for payouts, checked as Stripe's test mode checks one (the test routing number and
   * Stripe's test account numbers, packages/domain/src/payouts.ts). Only the last four digits are kept, with what a
   * payout to the account does.
   */
  async createBankAccount(input: BankAccountInput): Promise<{ id: string; last4: string }> {
    const account = bankAccountInputSchema.parse(input);
    const id = newId('ba_test_');
    const last4 = account.accountNumber.slice(-4);
    await this.db.insert(testBankAccounts).values({
      id,
      holderName: account.holderName,
      routingNumber: account.routingNumber,
      last4,
      outcome: TEST_BANK_ACCOUNT_OUTCOMES[account.accountNumber]!,
    });
    return { id, last4 };
  }

  async transfer(input: { amountCents: number; currency: string; destination: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<ProviderTransfer> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError('Invalid positive integer', 'parameter_invalid_integer');
    }
    const [destination] = await this.db.select().from(testBankAccounts).where(eq(testBankAccounts.id, input.destination));
    if (!destination) throw new PaymentProviderError(`No such destination: '${input.destination}'`, 'resource_missing');
    const paid = destination.outcome === 'paid';
    const [made] = await this.db
      .insert(testTransfers)
      .values({
        id: newId('tr_test_'),
        destination: destination.id,
        amountCents: input.amountCents,
        currency: input.currency,
        status: paid ? 'paid' : 'failed',
        failureCode: paid ? null : destination.outcome,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: testTransfers.idempotencyKey })
      .returning();
    // The same key again: the transfer it made then, provided it asks for the same thing.
    const row = made ?? (await this.db.select().from(testTransfers).where(eq(testTransfers.idempotencyKey, input.idempotencyKey)))[0]!;
    if (row.amountCents !== input.amountCents || row.destination !== input.destination) {
      throw new PaymentProviderError(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_key_in_use',
      );
    }
    return toTransfer(row);
  }

  async retrieveTransfer(id: string): Promise<ProviderTransfer> {
    const [row] = await this.db.select().from(testTransfers).where(eq(testTransfers.id, id));
    if (!row) throw new PaymentProviderError(`No such transfer: '${id}'`, 'resource_missing');
    return toTransfer(row);
  }

  /** Its transfers made in the period, failed ones too (a refused transfer is a record at the processor as at Stripe). */
  async listTransfers({ from, to }: { from: Date; to: Date }): Promise<ProviderTransferRecord[]> {
    const rows = await this.db
      .select()
      .from(testTransfers)
      .where(and(gte(testTransfers.createdAt, from), lt(testTransfers.createdAt, to)))
      .orderBy(testTransfers.createdAt, testTransfers.id);
    return rows.map((row) => ({ id: row.id, amountCents: row.amountCents, destination: row.destination, metadata: row.metadata, createdAt: row.createdAt }));
  }

  /** Its captures made in the period: each intent's `payment_intent.succeeded` event, with the amount it captured. */
  async listCaptures({ from, to }: { from: Date; to: Date }): Promise<ProviderCaptureRecord[]> {
    const rows = await this.db
      .select()
      .from(testPaymentEvents)
      .where(and(eq(testPaymentEvents.type, 'payment_intent.succeeded'), gte(testPaymentEvents.createdAt, from), lt(testPaymentEvents.createdAt, to)))
      .orderBy(testPaymentEvents.createdAt, testPaymentEvents.id);
    return rows.map((row) => ({ id: row.id, intentId: row.intentId, amountCents: row.amountCents, createdAt: row.createdAt }));
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
    const notFound = new NotFoundError(/*i18n*/ 'This payment does not exist. Please start the payment again.');
    if (!id) throw notFound;
    const [row] = await intentById(this.db).execute({ id });
    if (!row || !sameSecret(row.clientSecret, clientSecret)) throw notFound;

    const invalid = checkCardInput(card, now);
    if (invalid) throw cardError(400, invalid);
    const digits = cardDigits(card.number);
    const decline = TEST_CARD_OUTCOMES[digits] ?? null;

    const moved = decline
      ? await this.move(id, 'requires_payment_method', sql`last_decline_code = ${decline}`, { type: 'payment_intent.payment_failed', amountCents: sql`0` })
      : await this.move(
          id,
          'requires_payment_method',
          sql`status = 'requires_capture', amount_capturable_cents = amount_cents, card_brand = ${cardBrand(digits)},
              card_last4 = ${digits.slice(-4)}, last_decline_code = null`,
          { type: 'payment_intent.amount_capturable_updated', amountCents: sql`amount_capturable_cents` },
        );
    if (moved) {
      if (decline) throw cardError(402, decline);
      return toIntent(moved);
    }
    // Not waiting for a card any more: cancelled, or confirmed already (a retry after the answer was lost), in
    // which case the hold stands and the caller books it.
    const current = await this.current(id);
    if (current.status === 'canceled') throw new ConflictError(/*i18n*/ 'This payment was cancelled. Please start the payment again.');
    return toIntent({ ...current, lastDeclineCode: null });
  }

  /** The intent as it is now. */
  private async current(id: string): Promise<IntentRow> {
    const [row] = await intentById(this.db).execute({ id });
    if (!row) throw missing(id);
    return row;
  }

  /**
   * The one row a statement returning test_payment_intents' columns answered, or null. Each step of a payment
   * is a statement of its own text, kept prepared under `name`.
   */
  private async one(name: string, statement: SQL): Promise<IntentRow | null> {
    const [row] = await queryNamed<Record<string, unknown>>(this.db, name, statement);
    return row ? intentRowFrom(row) : null;
  }

  /**
   * One step of an intent and its event in one statement: the row changes only while its status is `from` (a
   * concurrent step on the same intent waits for the row, then finds it moved on and changes nothing). The
   * changed row, or null. `amountCents` is the event's amount, read from the changed row.
   */
  private move(
    id: string,
    from: IntentStatus,
    set: SQL,
    event: { type: string; amountCents: SQL; idempotencyKey?: string },
  ): Promise<IntentRow | null> {
    return this.one(`test_intent_${event.type}`, sql`
      with moved as (
        update ${testPaymentIntents} set ${set}, updated_at = now()
        where id = ${id} and status = ${from}
        returning *),
      event as (
        insert into ${testPaymentEvents} (id, intent_id, type, amount_cents, idempotency_key)
        select ${newId('evt_test_')}, id, ${event.type}, ${event.amountCents}, ${event.idempotencyKey ?? null} from moved)
      select * from moved`);
  }

  /** Runs `fn` on the intent's row, locked for a short transaction of its own. */
  private withLockedIntent<T>(id: string, fn: (tx: Db, row: IntentRow) => Promise<T>): Promise<T> {
    return withTransaction(this.db, async (tx) => {
      const [row] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).for('update');
      if (!row) throw missing(id);
      return fn(tx, row);
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
