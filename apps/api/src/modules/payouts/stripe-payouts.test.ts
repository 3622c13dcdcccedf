import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  APP_PATHS,
  bookingSchema,
  hostPayoutOf,
  payoutOnboardingLinkSchema,
  payoutsPageSchema,
  reconciliationReportSchema,
  type Booking,
  type PayoutsPage,
  type ReconciliationReport,
} from '@staybook/domain';
import { queryRows } from '../../db/client.js';
import { insertRoom } from '../../db/factories.js';
import { bookings, payoutAccounts, payouts } from '../../db/schema.js';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { createStripeProvider } from '../../integrations/payments/stripe-provider.js';
import { errorOf } from '../../test/answers.js';
import { confirmBooking, startPayment } from '../../test/bookings.js';
import { signUpCast, type Cast } from '../../test/cast.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { SIGN_IN, WRONG_ROLE } from '../../test/hosting-suite.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { useSuite } from '../../test/suites.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';
import { runPayouts } from './payout-run.js';

const WEBHOOK_SECRET = 'whsec_test_platform';
const CONNECT_WEBHOOK_SECRET = 'whsec_test_connect';
const RETURN_URL = `${TEST_ORIGIN}/api/payouts/stripe-return`;
const REFRESH_URL = `${TEST_ORIGIN}/api/payouts/stripe-refresh`;

type Suite = Cast & { t: TestApp; stripeApi: StripeStandIn; provider: PaymentProvider };

/** The app with Stripe configured, against the local Stripe stand-in: the cast, and the provider the run pays with. */
function useStripeSuite(kind: (typeof TEST_DATABASE_KINDS)[number]): Suite {
  return useSuite<Suite>(
    async () => {
      const stripeApi = await startStripeStandIn();
      const t = await createTestApp(kind, {
        STRIPE_SECRET_KEY: stripeApi.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeApi.publishableKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
        STRIPE_API_URL: stripeApi.url,
      });
      const provider = createStripeProvider({ secretKey: stripeApi.secretKey, publishableKey: stripeApi.publishableKey, apiHost: stripeApi.host, apiPort: stripeApi.port, apiProtocol: 'http' });
      return { t, stripeApi, provider, ...(await signUpCast(t)) };
    },
    async ({ t, stripeApi }) => {
      await t.close();
      await stripeApi.close();
    },
  );
}

describe.each(TEST_DATABASE_KINDS)('payouts through Stripe Connect on %s', (kind) => {
  const s = useStripeSuite(kind);

  const page = async (as: TestUser = s.host): Promise<PayoutsPage> => {
    const res = await s.t.call('GET', '/api/payouts', { as });
    expect(res.statusCode, res.body).toBe(200);
    return payoutsPageSchema.parse(res.json());
  };
  const setUp = async (as: TestUser = s.host, body: unknown = {}) => {
    const res = await s.t.call('POST', '/api/payouts/stripe-account', { as, body });
    expect(res.statusCode, res.body).toBe(200);
    return payoutOnboardingLinkSchema.parse(res.json()).url;
  };
  /** What a browser does with a link to Stripe's onboarding: the address Stripe sends it on to. */
  const openLink = async (url: string, outcome?: 'incomplete') => {
    const res = await fetch(outcome ? `${url}?outcome=${outcome}` : url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };
  /** Coming back from Stripe: the API's return or refresh route, as the host's browser opens it. */
  const comeBack = async (url: string, as: TestUser = s.host) => {
    const { pathname, search } = new URL(url);
    const res = await s.t.call('GET', `${pathname}${search}`, { as });
    expect(res.statusCode, res.body).toBe(302);
    return String(res.headers.location);
  };
  const accountOf = async (host: TestUser) => {
    const [row] = await s.t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, host.id));
    return row;
  };
  /** An `account.updated` event as Stripe delivers it to the Connect endpoint. */
  const deliverAccountEvent = (event: Record<string, unknown>, secret = CONNECT_WEBHOOK_SECRET) => {
    const { payload, signature } = s.stripeApi.signed(event, secret);
    return s.t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const accountCreations = () => s.stripeApi.calls.filter((c) => c.method === 'POST' && c.path === '/v1/accounts');
  const transfersSent = () => s.stripeApi.calls.filter((c) => c.method === 'POST' && c.path === '/v1/transfers' && c.status === 200 && !c.replayed);

  /** A stay paid through Stripe as the browser pays it: the intent, Stripe.js's confirmation, the booking. */
  async function bookThroughStripe(guest: TestUser, roomId: string, from: string, to: string): Promise<Booking> {
    const intent = await startPayment(s.t, guest, { roomId, from, to });
    expect((await s.stripeApi.confirmAsBrowser(intent.clientSecret, 'pm_card_visa')).status).toBe(200);
    const res = await confirmBooking(s.t, guest, intent.paymentIntentId);
    expect(res.statusCode, res.body).toBe(201);
    return bookingSchema.parse(res.json());
  }
  const shareOf = async (stay: Booking) => {
    const [row] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
    return hostPayoutOf(row!.priceLines, row!.totalCents, row!.keptCents, row!.hostCommissionBp).payoutCents;
  };
  const run = (asOf: string, payments: PaymentProvider = s.provider) =>
    runPayouts(
      { db: s.t.database.db, payments, jobs: { kick: () => {} }, publicUrl: TEST_ORIGIN, log: { info: () => {}, warn: () => {}, error: () => {} } },
      { asOf, release: true },
    );
  const reconcile = async (month: string): Promise<ReconciliationReport> => {
    const res = await s.t.call('GET', `/api/admin/finance/reconciliation?month=${month}`, { as: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    return reconciliationReportSchema.parse(res.json());
  };
  const postedMonths = async () =>
    (await queryRows<{ month: string }>(s.t.database.db, sql`select distinct to_char(posted_at at time zone 'UTC', 'YYYY-MM') as month from ledger_journals`)).map((r) => r.month);

  it('is for hosts only', async () => {
    expect(errorOf(await s.t.call('POST', '/api/payouts/stripe-account', { body: {} }))).toEqual({ status: 401, ...SIGN_IN });
    for (const as of [s.guest, s.admin]) {
      expect(errorOf(await s.t.call('POST', '/api/payouts/stripe-account', { as, body: {} }))).toEqual({ status: 403, ...WRONG_ROLE });
      expect(errorOf(await s.t.call('GET', '/api/payouts/stripe-return', { as }))).toEqual({ status: 403, ...WRONG_ROLE });
      expect(errorOf(await s.t.call('GET', '/api/payouts/stripe-refresh', { as }))).toEqual({ status: 403, ...WRONG_ROLE });
    }
    expect(errorOf(await s.t.call('GET', '/api/payouts/stripe-return'))).toEqual({ status: 401, ...SIGN_IN });
    expect(accountCreations()).toEqual([]);
  });

  it('asks for Stripe’s onboarding, not a bank account, and refuses one', async () => {
    expect(await page()).toMatchObject({ setup: 'stripe-onboarding', account: null });
    const body = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };
    const refused = errorOf(await s.t.call('PUT', '/api/payouts/bank-account', { as: s.host, body }));
    expect(refused).toMatchObject({ status: 409, error: { code: 'CONFLICT', message: expect.stringContaining('set up payouts with Stripe on the Payouts page') } });
    expect(await accountOf(s.host)).toBeUndefined();
  });

  it('makes the host’s Express account once, however often and however concurrently asked, and links to its onboarding', async () => {
    const urls = await Promise.all([setUp(), setUp(), setUp()]);
    const row = await accountOf(s.host);
    expect(row).toMatchObject({ provider: 'stripe', accountRef: expect.stringMatching(/^acct_/), holderName: 'Hana Host', last4: null, ready: false });
    // Each request that found no account yet asked Stripe, all with the host's one key (how many found none is a
    // matter of timing: one that reads after another's write adopts that account without asking); one account came of it.
    const made = accountCreations();
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(3);
    expect(new Set(made.map((c) => c.idempotencyKey))).toEqual(new Set([`payout-account:${s.host.id}`]));
    expect(made.filter((c) => !c.replayed)).toHaveLength(1);
    expect(made[0]!.params).toEqual({ type: 'express', country: 'US', email: s.host.email, capabilities: { transfers: { requested: 'true' } }, metadata: { hostId: s.host.id } });
    expect(s.stripeApi.account(row!.accountRef)).toMatchObject({ type: 'express', email: s.host.email, capabilities: { transfers: 'inactive' }, payouts_enabled: false });
    // Three links to the same account, each its own (a link is single-use).
    expect(new Set(urls).size).toBe(3);
    for (const url of urls) expect(url).toContain(`/setup/e/${row!.accountRef}/`);
    const linkCall = s.stripeApi.calls.findLast((c) => c.path === '/v1/account_links')!;
    expect(linkCall.params).toEqual({ account: row!.accountRef, type: 'account_onboarding', refresh_url: REFRESH_URL, return_url: RETURN_URL });
    expect((await page()).account).toEqual({ holderName: 'Hana Host', last4: null, ready: false });

    // Our record of it lost (a crash between Stripe's answer and our write): asking again finds the same account.
    await s.t.database.db.delete(payoutAccounts).where(eq(payoutAccounts.hostId, s.host.id));
    await setUp();
    expect((await accountOf(s.host))?.accountRef).toBe(row!.accountRef);
    expect(accountCreations().filter((c) => !c.replayed)).toHaveLength(1);
  });

  it('comes back from Stripe’s onboarding ready: the return route reads the account from Stripe and opens the Payouts page', async () => {
    const url = await setUp();
    expect(await openLink(url)).toBe(RETURN_URL);
    // Stripe says so before the host is back; our record waits for our own reading of the account.
    expect((await accountOf(s.host))?.ready).toBe(false);
    expect(await comeBack(RETURN_URL)).toBe(APP_PATHS.payouts);
    expect(await accountOf(s.host)).toMatchObject({ ready: true, last4: '6789' });
    expect((await page()).account).toEqual({ holderName: 'Hana Host', last4: '6789', ready: true });
    expect(s.stripeApi.calls.findLast((c) => c.method === 'GET' && c.path.startsWith('/v1/accounts/'))?.path).toBe(`/v1/accounts/${(await accountOf(s.host))!.accountRef}`);

    // The same link again, or one that expired, sends the host for a new one: the refresh route makes it.
    expect(await openLink(url)).toBe(REFRESH_URL);
    const renewed = await comeBack(REFRESH_URL);
    expect(renewed).toMatch(new RegExp(`^${s.stripeApi.url}/setup/e/acct_`));
    expect(renewed).not.toBe(url);
    s.stripeApi.expireAccountLinks();
    expect(await openLink(renewed)).toBe(REFRESH_URL);
  });

  it('leaves a host whose onboarding still needs details not ready, and the webhook marks them ready once Stripe is satisfied', async () => {
    const url = await setUp(s.otherHost);
    expect(await openLink(url, 'incomplete')).toBe(RETURN_URL);
    expect(await comeBack(RETURN_URL, s.otherHost)).toBe(APP_PATHS.payouts);
    const account = (await accountOf(s.otherHost))!;
    expect(account).toMatchObject({ ready: false, last4: '6789' });
    expect((await page(s.otherHost)).account).toMatchObject({ ready: false });

    // The host sends the document from Stripe's pages later and never comes back: Stripe's event tells us.
    const stale = s.stripeApi.accountUpdatedEvent(account.accountRef);
    s.stripeApi.completeOnboarding(account.accountRef);
    expect((await deliverAccountEvent(s.stripeApi.accountUpdatedEvent(account.accountRef))).statusCode).toBe(200);
    expect((await accountOf(s.otherHost))?.ready).toBe(true);
    // An older event arriving late changes nothing: the account is read afresh, not from the event.
    expect((await deliverAccountEvent(stale)).statusCode).toBe(200);
    expect((await accountOf(s.otherHost))?.ready).toBe(true);

    // Stripe disables payouts (a check failed): the next event takes the account out of the run.
    s.stripeApi.updateAccount(account.accountRef, { payouts_enabled: false, requirements: { currently_due: ['individual.id_number'], past_due: ['individual.id_number'], disabled_reason: 'requirements.past_due' } });
    expect((await deliverAccountEvent(s.stripeApi.accountUpdatedEvent(account.accountRef))).statusCode).toBe(200);
    expect((await accountOf(s.otherHost))?.ready).toBe(false);
    s.stripeApi.completeOnboarding(account.accountRef);
    expect((await deliverAccountEvent(s.stripeApi.accountUpdatedEvent(account.accountRef))).statusCode).toBe(200);
    expect((await accountOf(s.otherHost))?.ready).toBe(true);
  });

  it('refuses unsigned account events, and acknowledges events about accounts that are no host’s here', async () => {
    const foreign = await new Stripe(s.stripeApi.secretKey, { host: s.stripeApi.host, port: s.stripeApi.port, protocol: 'http' }).accounts.create({
      type: 'express',
      capabilities: { transfers: { requested: true } },
    });
    const before = await s.t.database.db.select().from(payoutAccounts);
    expect((await deliverAccountEvent(s.stripeApi.accountUpdatedEvent(foreign.id))).statusCode).toBe(200);
    // The platform endpoint's secret verifies Connect events too, when Stripe is told to send them there.
    expect((await deliverAccountEvent(s.stripeApi.accountUpdatedEvent(foreign.id), WEBHOOK_SECRET)).statusCode).toBe(200);
    const forged = await deliverAccountEvent(s.stripeApi.accountUpdatedEvent((await accountOf(s.host))!.accountRef), 'whsec_someone_else');
    expect(errorOf(forged)).toMatchObject({ status: 400, error: { message: 'The Stripe-Signature header does not match this request body.' } });
    expect(await s.t.database.db.select().from(payoutAccounts)).toEqual(before);
  });

  it('never takes an account from the client: each host gets, and returns to, their own', async () => {
    const hana = (await accountOf(s.host))!.accountRef;
    const third = await s.t.signUp({ role: 'host', name: 'Tess Third' });
    const url = await setUp(third, { accountId: hana, account: hana });
    const theirs = (await accountOf(third))!;
    expect(theirs.accountRef).not.toBe(hana);
    expect(url).toContain(`/setup/e/${theirs.accountRef}/`);
    // Their return reads their own account only: Hana's stays as it was.
    const hanaBefore = await accountOf(s.host);
    expect(await comeBack(`${RETURN_URL}?account=${hana}`, third)).toBe(APP_PATHS.payouts);
    expect(await accountOf(s.host)).toEqual(hanaBefore);
    expect((await accountOf(third))?.ready).toBe(false);
  });

  it('pays a ready connected account through Stripe, not one that is not ready, and once when retried or its answer lost', async () => {
    // Hana is ready (above); Tess set up but never finished.
    const tess = (await s.t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.holderName, 'Tess Third')))[0]!;
    const hanaRoom = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(1), availableTo: day(60), priceCents: 12_000 });
    const tessRoom = await insertRoom(s.t.database.db, { hostId: tess.hostId, availableFrom: day(1), availableTo: day(60), priceCents: 9_000 });
    const hanaStay = await bookThroughStripe(s.guest, hanaRoom.id, day(2), day(4));
    await bookThroughStripe(s.otherGuest, tessRoom.id, day(2), day(3));
    const owed = await shareOf(hanaStay);

    expect(await run(day(3))).toEqual({ released: 2, paid: 1, failed: 0, waiting: 0 });
    const hana = (await accountOf(s.host))!;
    const [sent] = transfersSent();
    expect(sent).toMatchObject({ idempotencyKey: `payout:${s.host.id}:${day(3)}` });
    expect(sent!.params).toMatchObject({ amount: String(owed), currency: 'usd', destination: hana.accountRef, metadata: { hostId: s.host.id } });
    const [payout] = await s.t.database.db.select().from(payouts).where(eq(payouts.hostId, s.host.id));
    expect(payout).toMatchObject({ status: 'paid', provider: 'stripe', accountRef: hana.accountRef, last4: '6789', amountCents: owed, transferId: expect.stringMatching(/^tr_/) });
    expect((await page()).balances).toMatchObject({ availableCents: 0, paidCents: owed });
    // Tess's share waits in her available balance until Stripe can pay her.
    expect(await s.t.database.db.select().from(payouts).where(eq(payouts.hostId, tess.hostId))).toEqual([]);

    // The same day again: nothing more.
    expect(await run(day(3))).toMatchObject({ paid: 0, failed: 0 });
    expect(transfersSent()).toHaveLength(1);

    // Another stay; Stripe makes the transfer and its answer is lost: the next run asks again with the same key.
    const later = await bookThroughStripe(s.guest, hanaRoom.id, day(10), day(11));
    const lostAnswer: PaymentProvider = Object.assign(Object.create(s.provider) as PaymentProvider, {
      async transfer(input: Parameters<PaymentProvider['transfer']>[0]) {
        await s.provider.transfer(input);
        throw new PaymentProviderError('The connection was reset.', 'api_connection_error', true);
      },
    });
    expect(await run(day(11), lostAnswer)).toMatchObject({ paid: 0, waiting: 1 });
    expect(await run(day(11))).toMatchObject({ paid: 1 });
    expect(transfersSent()).toHaveLength(2);
    const replays = s.stripeApi.calls.filter((c) => c.path === '/v1/transfers' && c.idempotencyKey === `payout:${s.host.id}:${day(11)}`);
    expect(replays.map((c) => c.replayed)).toEqual([false, true]);
    expect((await page()).balances).toMatchObject({ availableCents: 0, inTransitCents: 0, paidCents: owed + (await shareOf(later)) });

    // Tess finishes; the event makes her account ready and the next run pays what waited for her.
    s.stripeApi.completeOnboarding(tess.accountRef);
    expect((await deliverAccountEvent(s.stripeApi.accountUpdatedEvent(tess.accountRef))).statusCode).toBe(200);
    expect(await run(day(12))).toMatchObject({ paid: 1 });
    expect(transfersSent().at(-1)!.params).toMatchObject({ destination: tess.accountRef });
  });

  it('tells the host when Stripe refuses a transfer, and puts the money back for the next payout', async () => {
    const hana = (await accountOf(s.host))!;
    const room = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(1), availableTo: day(60), priceCents: 11_000 });
    const stay = await bookThroughStripe(s.guest, room.id, day(20), day(21));
    // Stripe took the account's transfers capability away before our event arrived.
    s.stripeApi.updateAccount(hana.accountRef, { capabilities: { transfers: 'inactive' } });
    expect(await run(day(21))).toMatchObject({ paid: 0, failed: 1 });
    const failed = (await page()).payouts[0]!;
    expect(failed).toMatchObject({ status: 'failed', amountCents: await shareOf(stay), failureMessage: 'Stripe cannot pay your account yet. Please finish setting up payouts on your Payouts page.' });
    expect((await page()).balances.availableCents).toBe(await shareOf(stay));
    // Stripe's refusal says the account cannot be paid: the page asks the host to finish, and the run waits for them.
    expect((await page()).account).toMatchObject({ ready: false });
    expect(await run(day(22))).toMatchObject({ paid: 0, failed: 0 });
    s.stripeApi.updateAccount(hana.accountRef, { capabilities: { transfers: 'active' } });
    // 'Continue with Stripe': nothing more is due there, and the host is back, ready.
    expect(await openLink(await setUp())).toBe(RETURN_URL);
    expect(await comeBack(RETURN_URL)).toBe(APP_PATHS.payouts);
    expect((await page()).account).toMatchObject({ ready: true });
    expect(await run(day(23))).toMatchObject({ paid: 1 });
    expect((await page()).balances.availableCents).toBe(0);
  });

  it('finds nothing to reconcile after its own runs, and lists what Stripe has that our records do not', async () => {
    const months = await postedMonths();
    for (const month of months) expect((await reconcile(month)).differences, month).toEqual([]);
    const month = new Date().toISOString().slice(0, 7);
    const clean = await reconcile(month);
    expect(clean).toMatchObject({ provider: 'stripe' });
    expect(clean.checked.payouts).toBeGreaterThan(0);

    // At Stripe: one of our transfers partly reversed, a transfer to Hana's account nobody here made, and a payment
    // another app captured on the same Stripe account.
    const hana = (await accountOf(s.host))!;
    const [paid] = await s.t.database.db.select().from(payouts).where(eq(payouts.status, 'paid')).limit(1);
    s.stripeApi.alterTransfer(paid!.transferId!, { amount_reversed: 500 });
    const extra = s.stripeApi.addTransfer({ amount: 4_321, destination: hana.accountRef });
    const otherApp = new Stripe(s.stripeApi.secretKey, { host: s.stripeApi.host, port: s.stripeApi.port, protocol: 'http' });
    const foreign = await otherApp.paymentIntents.create({ amount: 7_000, currency: 'usd', capture_method: 'manual' });
    expect((await s.stripeApi.confirmAsBrowser(foreign.client_secret!, 'pm_card_visa')).status).toBe(200);
    await otherApp.paymentIntents.capture(foreign.id);

    const differences = (await Promise.all([...new Set([...months, month])].map(reconcile))).flatMap((r) => r.differences);
    const today = new Date().toISOString().slice(0, 10);
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'transfer', providerId: paid!.transferId, ledgerCents: paid!.amountCents, providerCents: paid!.amountCents - 500, note: 'The amounts paid out differ.' }),
        {
          kind: 'transfer',
          subject: `Transfer of ${today} to Hana Host (${hana.accountRef})`,
          subjectFacts: { record: 'provider-transfer', date: today, hostName: 'Hana Host', destination: hana.accountRef },
          providerId: extra.id,
          ledgerCents: 0,
          providerCents: 4_321,
          note: 'The provider has a transfer our records never made.',
        },
        {
          kind: 'capture',
          subject: `Capture of ${today}`,
          subjectFacts: { record: 'provider-capture', date: today },
          providerId: foreign.id,
          ledgerCents: 0,
          providerCents: 7_000,
          note: 'The provider has a capture of a payment our records never made.',
        },
      ]),
    );
    expect(differences).toHaveLength(3);
  });
});
