import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRoom } from '../db/factories.js';
import { jobs } from '../db/schema.js';
import { bookStay, confirmBooking, confirmCard, startPayment, testCard } from '../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../test/databases.js';
import { day } from '../test/dates.js';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.js';
import { UNMATCHED_ROUTE } from './metrics.js';

/** The value of one series in Prometheus's text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inside.split(',');
    if (wanted.every((w) => parts.includes(w)) && parts.length === wanted.length) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe.each(TEST_DATABASE_KINDS)('metrics on %s', (kind) => {
  describe('with METRICS unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it('has no /api/metrics (404)', async () => {
      const res = await t.call('GET', '/api/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });

  describe('with METRICS=1', () => {
    let t: TestApp;
    let host: TestUser;
    let guest: TestUser;
    let otherGuest: TestUser;
    const metrics = async () => {
      const res = await t.call('GET', '/api/metrics');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };

    beforeAll(async () => {
      t = await createTestApp(kind, { METRICS: '1' });
      [host, guest, otherGuest] = await Promise.all([t.signUp({ role: 'host' }), t.signUp(), t.signUp()]);
    });
    afterAll(() => t.close());

    it('counts and times requests by route pattern, not by URL', async () => {
      const room = await insertRoom(t.database.db, { hostId: host.id });
      const before = await metrics();
      const route = { method: 'GET', route: '/api/room/:id', status_code: '200' };
      const missing = { method: 'GET', route: '/api/room/:id', status_code: '404' };
      expect((await t.call('GET', `/api/room/${room.id}`)).statusCode).toBe(200);
      expect((await t.call('GET', `/api/room/${room.id}`)).statusCode).toBe(200);
      expect((await t.call('GET', `/api/room/${randomUUID()}`)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/no-such-thing/${randomUUID()}`)).statusCode).toBe(404);
      const after = await metrics();

      expect(sample(after, 'staybook_http_requests_total', route) - sample(before, 'staybook_http_requests_total', route)).toBe(2);
      expect(sample(after, 'staybook_http_requests_total', missing) - sample(before, 'staybook_http_requests_total', missing)).toBe(1);
      expect(sample(after, 'staybook_http_request_duration_seconds_count', route) - sample(before, 'staybook_http_request_duration_seconds_count', route)).toBe(2);
      expect(sample(after, 'staybook_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
        sample(after, 'staybook_http_request_duration_seconds_count', route),
      );
      const unmatched = { method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' };
      expect(sample(after, 'staybook_http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
      // No raw URL ever becomes a label.
      expect(after).not.toContain(room.id);
      expect(after).not.toContain('no-such-thing');
      // Node's own process metrics come along.
      expect(after).toContain('process_cpu_user_seconds_total');
    });

    it('counts bookings and payments by outcome: started, authorized, declined, captured, confirmed, refused, cancelled, refunded', async () => {
      const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60) });
      const before = await metrics();
      const count = (text: string, name: string, outcome: string) => sample(text, name, { outcome });

      // A stay booked and then cancelled: confirmed, captured, then cancelled and refunded.
      const stay = { roomId: room.id, from: day(5), to: day(8) };
      const booking = await bookStay(t, guest, stay);
      expect((await t.call('DELETE', `/api/booking/${booking._id}`, { as: guest })).statusCode).toBe(200);

      // A declined card.
      const declined = await startPayment(t, guest, { roomId: room.id, from: day(20), to: day(22) });
      expect((await confirmCard(t, declined, testCard('4000 0000 0000 0002'))).statusCode).toBe(402);

      // Two guests authorized for the same nights: the first books, the second is refused and its hold released.
      const race = { roomId: room.id, from: day(30), to: day(33) };
      const first = await startPayment(t, guest, race);
      const second = await startPayment(t, otherGuest, race);
      expect((await confirmCard(t, first)).statusCode).toBe(200);
      expect((await confirmCard(t, second)).statusCode).toBe(200);
      expect((await confirmBooking(t, guest, first.paymentIntentId)).statusCode).toBe(201);
      expect((await confirmBooking(t, otherGuest, second.paymentIntentId)).statusCode).toBe(409);
      // Asking again books nothing twice.
      expect((await confirmBooking(t, guest, first.paymentIntentId)).statusCode).toBe(200);

      const after = await metrics();
      const delta = (name: string, outcome: string) => count(after, name, outcome) - count(before, name, outcome);
      expect({
        confirmed: delta('staybook_bookings_total', 'confirmed'),
        refused: delta('staybook_bookings_total', 'refused'),
        cancelled: delta('staybook_bookings_total', 'cancelled'),
      }).toEqual({ confirmed: 2, refused: 1, cancelled: 1 });
      expect({
        started: delta('staybook_payments_total', 'started'),
        authorized: delta('staybook_payments_total', 'authorized'),
        declined: delta('staybook_payments_total', 'declined'),
        captured: delta('staybook_payments_total', 'captured'),
        voided: delta('staybook_payments_total', 'voided'),
        refunded: delta('staybook_payments_total', 'refunded'),
      }).toEqual({ started: 4, authorized: 3, declined: 1, captured: 2, voided: 1, refunded: 1 });
    });

    it("shows the outbox's pending and failed jobs", async () => {
      // With this app's worker stopped, the rows stay as written.
      await t.app.jobs.stop();
      await t.database.db.insert(jobs).values([
        { key: `metrics-pending-${randomUUID()}`, kind: 'mail', payload: {} },
        { key: `metrics-failed-${randomUUID()}`, kind: 'mail', status: 'failed', attempts: 25 },
      ]);
      const text = await metrics();
      expect(sample(text, 'staybook_outbox_jobs', { state: 'pending' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'staybook_outbox_jobs', { state: 'failed' })).toBe(1);
    });
  });
});
