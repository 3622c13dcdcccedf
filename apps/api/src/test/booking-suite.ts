import { asc, eq } from 'drizzle-orm';
import { insertRoom } from '../db/factories.js';
import { payments, testPaymentEvents } from '../db/schema.js';
import { signUpCast, type Cast } from './cast.js';
import type { TestDatabaseKind } from './databases.js';
import { day } from './dates.js';
import { useSuite } from './suites.js';
import { createTestApp, type TestApp } from './test-app.js';

export type FactoryRoom = Awaited<ReturnType<typeof insertRoom>>;

/** What the bookings API suites share: an app on a fresh database, the cast, and the readers of a payment's traces. */
export type BookingSuite = Cast & {
  t: TestApp;
  /** A room of Hana's written by the factory: open from tomorrow for sixty nights at $120 a night, unless told otherwise. */
  newRoom(overrides?: Partial<Parameters<typeof insertRoom>[1]>): Promise<FactoryRoom>;
  /** What the test processor recorded for a payment intent: its events' types. */
  eventsOf(intentId: string): Promise<string[]>;
  /** The payment row of a payment intent. */
  paymentOf(intentId: string): Promise<typeof payments.$inferSelect>;
};

/** The bookings suite on a database of `kind` (with the server's `env`, e.g. MARKETPLACE_CURRENCY): opened before the suite's tests run, closed after them. */
export function useBookingSuite(kind: TestDatabaseKind, env: Record<string, string> = {}): BookingSuite {
  return useSuite(() => openBookingSuite(kind, env), (s) => s.t.close());
}

/** Opens the app on a database of `kind` and signs the cast up. */
async function openBookingSuite(kind: TestDatabaseKind, env: Record<string, string>): Promise<BookingSuite> {
  const t = await createTestApp(kind, env);
  const cast = await signUpCast(t);
  return {
    t,
    ...cast,
    newRoom: (overrides = {}) =>
      insertRoom(t.database.db, { hostId: cast.host.id, availableFrom: day(1), availableTo: day(60), priceCents: 12_000, ...overrides }),
    async eventsOf(intentId) {
      const rows = await t.database.db.select().from(testPaymentEvents).where(eq(testPaymentEvents.intentId, intentId)).orderBy(asc(testPaymentEvents.createdAt));
      return rows.map((e) => e.type);
    },
    async paymentOf(intentId) {
      const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
      return row!;
    },
  };
}
