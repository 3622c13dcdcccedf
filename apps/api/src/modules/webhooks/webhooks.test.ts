import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  createdWebhookSchema,
  webhookDeliveriesSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEventType,
  WEBHOOK_ENDPOINTS_MAX,
} from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { errorOf } from '../../test/answers.js';
import { bookStay } from '../../test/bookings.js';
import { signUpCast, type Cast } from '../../test/cast.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { refusalInSpanish, SPANISH_PAGE } from '../../test/refusals.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';
import type { Actor } from '../../plugins/session.js';
import { WEBHOOK_FAILURES_TO_DISABLE } from './deliver-webhook.js';
import { updateWebhook } from './webhooks.service.js';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver as a host would run one: a real HTTP server on 127.0.0.1 that answers each POST with the next status queued (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The next answers, in order. */
    answer: (...codes: number[]) => statuses.push(...codes),
    reset: () => {
      received.length = 0;
      statuses.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits, 10 s at the most, until `until()` holds (the caller then checks what it expects). */
async function settle(until: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !until(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}

/**
 * A receiver that holds each delivery open until told to answer, and answers after 8 s all the same (within a
 * delivery's timeout): a test that something did not wait behind it fails on what it saw, not on a timeout.
 */
async function startHoldingReceiver() {
  const held: (() => void)[] = [];
  let answered = false;
  const server = createServer((req, res) => {
    req.resume();
    const answer = () => {
      if (res.headersSent) return;
      answered = true;
      res.writeHead(200).end('ok');
    };
    held.push(answer);
    setTimeout(answer, 8_000).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    /** The deliveries it holds open, in the order they came: call one to answer it. */
    held,
    answered: () => answered,
    /** Whether it had answered any delivery when `seen()` first held (null: it never did within 10 s). */
    async answeredBefore(seen: () => boolean): Promise<boolean | null> {
      let before: boolean | null = null;
      await settle(() => {
        if (seen()) before ??= answered;
        return seen();
      });
      return before;
    },
    close: () => {
      for (const answer of held) answer();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The receiver's check, written from docs/webhooks.md alone: HMAC-SHA256 of `<t>.<body>`, hex, within five minutes. */
function verifiedAsDocumented(secret: string, { headers, body }: Received): boolean {
  const header = String(headers['staybook-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t, v1] = match;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return v1 === expected && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

describe.each(TEST_DATABASE_KINDS)('webhooks on %s', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let roomId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(kind, { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
    cast = await signUpCast(t);
    roomId = (await insertRoom(t.database.db, { hostId: cast.host.id, title: 'Cabin by the lake', availableFrom: day(-10), availableTo: day(200) })).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => receiver.reset());

  async function addEndpoint(as: TestUser, events: WebhookEventType[], url = receiver.url): Promise<CreatedWebhook> {
    const res = await t.call('POST', '/api/webhooks', { as, body: { url, events } });
    expect(res.statusCode, res.body).toBe(201);
    return createdWebhookSchema.parse(res.json());
  }

  async function deliveries(as: TestUser, endpointId: string): Promise<WebhookDelivery[]> {
    const res = await t.call('GET', `/api/webhooks/${endpointId}/deliveries`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return webhookDeliveriesSchema.parse(res.json()).items;
  }

  /** Runs the outbox until nothing is due at `now`: the event's fan-out, then its deliveries. */
  async function runJobs(now?: Date) {
    for (let pass = 0; pass < 3; pass += 1) await t.app.jobs.runDue(now ? { now } : {});
  }

  const changeNights = (as: TestUser, from: number) =>
    t.call('PUT', `/api/room/${roomId}/calendar/nights`, { as, body: { from: day(from), to: day(from + 1), set: { price: 120 } } });

  const hoursLater = (hours: number) => new Date(Date.now() + hours * 3_600_000);

  it('adds an endpoint whose secret is shown once, for hosts only, by https or the allow-list, never a private address', async () => {
    const created = await addEndpoint(cast.host, ['booking.confirmed', 'booking.requested']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ url: receiver.url, events: ['booking.requested', 'booking.confirmed'], status: 'active', failuresInARow: 0 });
    const listed = webhookEndpointsSchema.parse((await t.call('GET', '/api/webhooks', { as: cast.host })).json());
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    for (const [url, message] of [
      ['http://example.com/hooks', 'The endpoint URL must start with https://'],
      ['ftp://example.com/hooks', 'The endpoint URL must start with https://'],
      ['https://10.0.0.7/hooks', 'This URL points to a private or local network, which StayBook does not send to.'],
      ['https://169.254.169.254/latest/meta-data', 'This URL points to a private or local network, which StayBook does not send to.'],
      ['https://[::1]/hooks', 'This URL points to a private or local network, which StayBook does not send to.'],
      ['https://[::ffff:10.0.0.1]/hooks', 'This URL points to a private or local network, which StayBook does not send to.'],
    ] as const) {
      const res = await t.call('POST', '/api/webhooks', { as: cast.host, body: { url, events: ['booking.confirmed'] } });
      expect(errorOf(res), url).toMatchObject({ status: 400, error: { fields: { url: message } } });
    }
    const noEvents = await t.call('POST', '/api/webhooks', { as: cast.host, body: { url: receiver.url, events: [] } });
    expect(errorOf(noEvents)).toMatchObject({ status: 400, error: { fields: { events: 'Choose at least one event' } } });

    expect(errorOf(await t.call('POST', '/api/webhooks', { as: cast.guest, body: { url: receiver.url, events: ['booking.confirmed'] } })).status).toBe(403);
    expect(errorOf(await t.call('GET', '/api/webhooks')).status).toBe(401);
    // Nor with an access token, whatever its scopes: webhooks are the account's settings.
    const token = (await t.call('POST', '/api/access-tokens', { as: cast.host, body: { name: 'All', scopes: ['readBookings', 'manageCalendar', 'readEarnings'] } })).json() as { token: string };
    const withToken = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: { authorization: `Bearer ${token.token}` } });
    expect(withToken.statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/webhooks/${created.id}`, { as: cast.host })).statusCode).toBe(204);
  });

  it('refuses a change that changes nothing with 400, and its service answers the endpoint as it is', async () => {
    const endpoint = await addEndpoint(cast.host, ['booking.confirmed']);
    // Unknown keys are dropped before the check: what is left asks for nothing.
    for (const body of [{}, { url: 'https://example.com/other', status: 'active' }]) {
      const res = await t.call('PATCH', `/api/webhooks/${endpoint.id}`, { as: cast.host, body });
      expect(errorOf(res), JSON.stringify(body)).toEqual({
        status: 400,
        error: { code: 'VALIDATION_FAILED', message: 'request: Say what to change: events or enabled', fields: { request: 'Say what to change: events or enabled' } },
      });
    }
    expect(errorOf(await t.call('PATCH', `/api/webhooks/${endpoint.id}`, { as: cast.host, body: { enabled: false } })).status).toBe(400);
    const changed = await t.call('PATCH', `/api/webhooks/${endpoint.id}`, { as: cast.host, body: { events: ['payout.paid'] } });
    expect(changed.json()).toMatchObject({ id: endpoint.id, events: ['payout.paid'], status: 'active' });

    const actor: Actor = { id: cast.host.id, email: cast.host.email, name: 'Hana Host', image: null, role: 'host', status: 'Verified', emailVerified: true };
    expect(await updateWebhook(t.database.db, { actor, id: endpoint.id })).toMatchObject({ id: endpoint.id, events: ['payout.paid'], status: 'active' });
    await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.host });
  });

  it('signs each delivery as documented, with the event id, and logs its status and response code', async () => {
    const endpoint = await addEndpoint(cast.host, ['calendar.changed', 'booking.confirmed']);
    expect((await changeNights(cast.host, 30)).statusCode).toBe(200);
    const booking = await bookStay(t, cast.guest, { roomId, from: day(40), to: day(42) });
    await runJobs();

    expect(receiver.received).toHaveLength(2);
    const events = receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; created: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type).sort()).toEqual(['booking.confirmed', 'calendar.changed']);
    for (const [i, delivery] of receiver.received.entries()) {
      expect(verifiedAsDocumented(endpoint.secret, delivery)).toBe(true);
      expect(verifiedAsDocumented('whsec_another', delivery)).toBe(false);
      expect(delivery.headers['staybook-event-id']).toBe(events[i]!.id);
      expect(delivery.headers['content-type']).toBe('application/json');
    }
    expect(events.find((e) => e.type === 'booking.confirmed')!.data).toMatchObject({ bookingId: booking._id, roomId, checkIn: day(40), checkOut: day(42), status: 'confirmed' });
    expect(events.find((e) => e.type === 'calendar.changed')!.data).toMatchObject({ roomId, from: day(30), to: day(31) });

    const log = await deliveries(cast.host, endpoint.id);
    expect(log).toHaveLength(2);
    for (const entry of log) expect(entry).toMatchObject({ status: 'delivered', responseStatus: 200, attempts: 1, lastError: null });
    expect(log.map((entry) => entry.eventId).sort()).toEqual(events.map((e) => e.id).sort());

    // An event the endpoint did not ask for goes nowhere, and another host's change never reaches it.
    const message = await t.call('POST', `/api/booking/${booking._id}/messages`, { as: cast.guest, body: { body: 'Hello!' } });
    expect(message.statusCode, message.body).toBe(201);
    await runJobs();
    expect(receiver.received).toHaveLength(2);
    expect(errorOf(await t.call('GET', `/api/webhooks/${endpoint.id}/deliveries`, { as: cast.otherHost })).status).toBe(404);
    await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.host });
  });

  it('tries again after the receiver fails, with the same event, and redelivers when asked', async () => {
    const endpoint = await addEndpoint(cast.host, ['calendar.changed']);
    receiver.answer(500);
    await changeNights(cast.host, 50);
    await runJobs();
    const [failed] = await deliveries(cast.host, endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, lastError: 'The endpoint answered with HTTP status 500.' });
    expect(webhookEndpointSchema.parse((await t.call('GET', '/api/webhooks', { as: cast.host })).json().items[0])).toMatchObject({ failuresInARow: 1 });
    // Still being sent (its retry is queued): asking again would queue it twice, so it is refused until it ends.
    const early = errorOf(await t.call('POST', `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/redeliver`, { as: cast.host }));
    expect(early).toMatchObject({ status: 409, error: { message: 'This delivery is still being sent: it can be sent again once it has been delivered or has failed.' } });

    // The outbox's backoff: due again a few seconds later.
    await runJobs(hoursLater(1));
    const [delivered] = await deliveries(cast.host, endpoint.id);
    expect(delivered).toMatchObject({ id: failed!.id, status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received.every((r) => verifiedAsDocumented(endpoint.secret, r))).toBe(true);
    expect((webhookEndpointsSchema.parse((await t.call('GET', '/api/webhooks', { as: cast.host })).json()).items.find((e) => e.id === endpoint.id))!.failuresInARow).toBe(0);

    // 'Redeliver': the same event id and body once more, signed anew; only its host may ask.
    const path = `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/redeliver`;
    expect(errorOf(await t.call('POST', path, { as: cast.otherHost })).status).toBe(404);
    const again = await t.call('POST', path, { as: cast.host });
    expect(again.statusCode, again.body).toBe(200);
    await runJobs();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.headers['staybook-event-id']).toBe(failed!.eventId);
    expect(verifiedAsDocumented(endpoint.secret, receiver.received[2]!)).toBe(true);
    expect((await deliveries(cast.host, endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 3 });
    await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.host });
  });

  it(`disables an endpoint after ${WEBHOOK_FAILURES_TO_DISABLE} failures in a row and mails its owner; enabling it again restarts deliveries`, async () => {
    const endpoint = await addEndpoint(cast.host, ['calendar.changed']);
    receiver.answer(...Array<number>(WEBHOOK_FAILURES_TO_DISABLE).fill(503));
    await t.clearMail();
    await changeNights(cast.host, 60);
    await runJobs();
    for (let i = 1; i < WEBHOOK_FAILURES_TO_DISABLE; i += 1) await runJobs(hoursLater(5 * i));
    expect(receiver.received).toHaveLength(WEBHOOK_FAILURES_TO_DISABLE);

    const [state] = webhookEndpointsSchema.parse((await t.call('GET', '/api/webhooks', { as: cast.host })).json()).items.filter((e) => e.id === endpoint.id);
    expect(state).toMatchObject({ status: 'disabled', failuresInARow: WEBHOOK_FAILURES_TO_DISABLE });
    expect(state!.disabledAt).not.toBeNull();
    const [delivery] = await deliveries(cast.host, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', responseStatus: 503, attempts: WEBHOOK_FAILURES_TO_DISABLE });
    const mail = (await t.mailSent()).filter((m) => m.to === cast.host.email && m.subject === 'Your StayBook webhook endpoint was disabled');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(receiver.url);

    // Disabled: no more attempts, new events are not sent, and a redelivery waits for it to be enabled.
    await runJobs(hoursLater(200));
    await changeNights(cast.host, 62);
    await runJobs(hoursLater(200));
    expect(receiver.received).toHaveLength(WEBHOOK_FAILURES_TO_DISABLE);
    expect(errorOf(await t.call('POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, { as: cast.host })).status).toBe(409);

    const enabled = await t.call('PATCH', `/api/webhooks/${endpoint.id}`, { as: cast.host, body: { enabled: true } });
    expect(enabled.json()).toMatchObject({ status: 'active', failuresInARow: 0, disabledAt: null });
    expect((await t.call('POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, { as: cast.host })).statusCode).toBe(200);
    await runJobs();
    expect(receiver.received).toHaveLength(WEBHOOK_FAILURES_TO_DISABLE + 1);
    expect((await deliveries(cast.host, endpoint.id)).find((d) => d.id === delivery!.id)).toMatchObject({ status: 'delivered', responseStatus: 200 });
    await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.host });
  });

  it("keeps no one's mail waiting while a receiver takes its time to answer", { timeout: 60_000 }, async () => {
    const slow = await startHoldingReceiver();
    const endpoint = await addEndpoint(cast.host, ['calendar.changed'], slow.url);
    onTestFinished(async () => {
      await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.host });
      await slow.close();
    });
    // The server's own worker, as in production: the change wakes it, and the delivery is under way.
    expect((await changeNights(cast.host, 70)).statusCode).toBe(200);
    await settle(() => slow.held.length > 0);
    expect(slow.held).toHaveLength(1);

    const requested = await t.call('POST', '/api/auth/request-password-reset', { body: { email: cast.guest.email, redirectTo: `${TEST_ORIGIN}/reset-password` } });
    expect(requested.statusCode).toBe(200);
    const resetMail = () => t.mail.some((m) => m.to === cast.guest.email && /reset/i.test(m.subject));
    expect(await slow.answeredBefore(resetMail)).toBe(false);
    slow.held[0]!();
    await runJobs();
    expect((await deliveries(cast.host, endpoint.id))[0]).toMatchObject({ status: 'delivered', responseStatus: 200 });
  });

  it("sends another host's deliveries while one host's receiver takes its time, and that host's one at a time", { timeout: 60_000 }, async () => {
    const slow = await startHoldingReceiver();
    const hers = await addEndpoint(cast.host, ['calendar.changed'], slow.url);
    const his = await addEndpoint(cast.otherHost, ['calendar.changed']);
    const hisRoom = (await insertRoom(t.database.db, { hostId: cast.otherHost.id, title: 'Loft over the market', availableFrom: day(-10), availableTo: day(200) })).id;
    onTestFinished(async () => {
      await t.call('DELETE', `/api/webhooks/${hers.id}`, { as: cast.host });
      await t.call('DELETE', `/api/webhooks/${his.id}`, { as: cast.otherHost });
      await slow.close();
    });

    // The server's own worker, as in production: three changes of hers, three deliveries, the first under way.
    for (const from of [80, 82, 84]) expect((await changeNights(cast.host, from)).statusCode).toBe(200);
    await settle(() => slow.held.length > 0);
    const changed = await t.call('PUT', `/api/room/${hisRoom}/calendar/nights`, { as: cast.otherHost, body: { from: day(90), to: day(91), set: { price: 95 } } });
    expect(changed.statusCode).toBe(200);
    expect(await slow.answeredBefore(() => receiver.received.length > 0)).toBe(false);
    expect(receiver.received).toHaveLength(1);
    // Hers go one at a time: the first still open, the other two wait their turn.
    expect(slow.held).toHaveLength(1);
    expect((await deliveries(cast.otherHost, his.id))[0]).toMatchObject({ status: 'delivered', responseStatus: 200 });

    // Answered one by one, hers all arrive.
    for (let sent = 1; sent <= 3; sent += 1) {
      await settle(() => slow.held.length >= sent);
      slow.held[sent - 1]!();
    }
    await settle(() => slow.held.length === 3 && slow.answered());
    await runJobs();
    expect((await deliveries(cast.host, hers.id)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('refuses to deliver to an address that has turned private since it was added', async () => {
    const endpoint = await addEndpoint(cast.host, ['calendar.changed']);
    // The allow-list no longer names it (as if the name now resolved to a private address): the delivery is refused.
    await t.database.db.execute(`update webhook_endpoints set url = 'http://10.0.0.7:9/hooks' where id = '${endpoint.id}'`);
    await changeNights(cast.host, 70);
    await runJobs();
    expect(receiver.received).toHaveLength(0);
    const [refused] = await deliveries(cast.host, endpoint.id);
    expect(refused).toMatchObject({ status: 'pending', responseStatus: null });
    expect(refused!.lastError).toMatch(/private or local network/);
    await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.host });
  });

  it(`keeps at most ${WEBHOOK_ENDPOINTS_MAX} endpoints a host, listed oldest first; removing one makes room`, async () => {
    const added = [];
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i += 1) added.push(await addEndpoint(cast.otherHost, ['payout.paid'], `${receiver.url}?n=${i}`));
    const refused = await t.call('POST', '/api/webhooks', { as: cast.otherHost, headers: SPANISH_PAGE, body: { url: receiver.url, events: ['payout.paid'] } });
    expect(errorOf(refused)).toEqual({
      status: 409,
      error: {
        code: 'CONFLICT',
        message: `You have ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints, the most one can have. Remove one first.`,
        facts: { refusal: 'too-many-webhook-endpoints', max: String(WEBHOOK_ENDPOINTS_MAX) },
      },
    });
    expect(refusalInSpanish(refused)).toBe(`Tienes ${WEBHOOK_ENDPOINTS_MAX} endpoints de webhook, el máximo que se puede tener. Quita uno antes.`);
    const listed = webhookEndpointsSchema.parse((await t.call('GET', '/api/webhooks', { as: cast.otherHost })).json());
    expect(listed.items.map((item) => item.id)).toEqual(added.map((endpoint) => endpoint.id));
    expect((await t.call('DELETE', `/api/webhooks/${added[0]!.id}`, { as: cast.otherHost })).statusCode).toBe(204);
    added.push(await addEndpoint(cast.otherHost, ['payout.paid']));
    for (const endpoint of added.slice(1)) await t.call('DELETE', `/api/webhooks/${endpoint.id}`, { as: cast.otherHost });
  });
});
