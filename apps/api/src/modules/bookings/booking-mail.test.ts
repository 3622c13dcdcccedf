import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIsoDate } from '@staybook/domain';
import { eq } from 'drizzle-orm';
import { insertRoom } from '../../db/factories.js';
import { bookings } from '../../db/schema.js';
import { markCancelRequested } from './payment-states.js';
import { bookStay } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';

/**
 * The mail is written the same way on both engines, but the racing cancellations below are real races only on
 * PostgreSQL (PGlite runs one statement at a time), so the file runs on both.
 */
describe.each(TEST_DATABASE_KINDS)('booking mail on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;
  let roomId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await t.signUp({ role: 'host', name: 'Hana <b>Host</b>' });
    guest = await t.signUp({ name: '<script>alert(1)</script>' });
    roomId = (
      await insertRoom(t.database.db, {
        hostId: host.id,
        title: 'Loft & "friends" <img src=x onerror=alert(1)>',
        location: 'Berlin, Germany',
        priceCents: 12_050,
        availableFrom: day(1),
        availableTo: day(30),
      })
    ).id;
  });
  afterAll(() => t.close());

  it('confirms a booking to the guest and tells the host, in text and escaped HTML', async () => {
    await t.clearMail();
    const stay = await bookStay(t, guest, { roomId, from: day(3), to: day(6), guests: 2 });
    await t.mailSent();
    expect(t.mail.map((m) => m.to)).toEqual([guest.email, host.email]);
    const [toGuest, toHost] = t.mail as [(typeof t.mail)[0], (typeof t.mail)[0]];

    expect(toGuest.subject).toBe('Your stay at Loft & "friends" <img src=x onerror=alert(1)> is booked');
    expect(toGuest.text).toContain('Hi <script>alert(1)</script>,');
    expect(toGuest.text).toContain(`${formatIsoDate(day(3))} to ${formatIsoDate(day(6))} (3 nights)`);
    expect(toGuest.text).toContain('For 2 guests');
    expect(toGuest.text).toContain('3 nights × $120.50: $361.50\nTotal charged: $361.50');
    expect(toGuest.text).toContain(`Booking reference: ${stay.reference}`);
    expect(toGuest.text).toContain('Cancellation policy: Flexible. Full refund if you cancel before the check-in day.');
    expect(toGuest.text).toContain(`See the trip: ${TEST_ORIGIN}/dashboard/trips/${stay._id}`);
    expect(toGuest.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(toGuest.html).toContain('Loft &amp; &quot;friends&quot; &lt;img src=x onerror=alert(1)&gt;, Berlin, Germany');
    expect(toGuest.html).toContain('Your host: Hana &lt;b&gt;Host&lt;/b&gt;');

    expect(toHost.subject).toBe('New booking: Loft & "friends" <img src=x onerror=alert(1)>');
    expect(toHost.text).toContain(`Guest: <script>alert(1)</script> <${guest.email}>`);
    expect(toHost.text).toContain('For 2 guests');
    expect(toHost.text).toContain('3 nights × $120.50: $361.50\nTotal paid: $361.50');
    expect(toHost.html).toContain(`Guest: &lt;script&gt;alert(1)&lt;/script&gt; &lt;${guest.email}&gt;`);
    expect(toHost.text).toContain(`Booking reference: ${stay.reference}`);
    expect(toHost.html).toContain(`<a href="${TEST_ORIGIN}/dashboard/trips/${stay._id}">See the trip</a>`);
    for (const m of t.mail) {
      expect(m.html).not.toMatch(/<script|<img|<b>/);
    }
  });

  it('tells both the guest and the host about a cancellation, with the amount refunded', async () => {
    const stay = await bookStay(t, guest, { roomId, from: day(10), to: day(12) });
    await t.clearMail();
    expect((await t.call('DELETE', `/api/booking/${stay._id}`, { as: host })).statusCode).toBe(200);
    await t.mailSent();
    expect(t.mail.map((m) => m.to)).toEqual([guest.email, host.email]);
    const [toGuest, toHost] = t.mail as [(typeof t.mail)[0], (typeof t.mail)[0]];
    expect(toGuest.subject).toBe(`Cancelled: Loft & "friends" <img src=x onerror=alert(1)>, ${formatIsoDate(day(10))}`);
    expect(toGuest.text).toContain('Hana <b>Host</b> cancelled this stay:');
    expect(toGuest.html).toContain('Hana &lt;b&gt;Host&lt;/b&gt; cancelled this stay:');
    expect(toGuest.text).toContain("Refunded to the guest's card: $241");
    expect(toHost.text).toContain('You cancelled this stay:');
    expect(toHost.html).toContain('Refunded to the guest&#39;s card: $241');
    // A refund of the nights alone is told in all only: by line it would repeat the total.
    expect(toGuest.text).not.toContain('line by line');

    // A second cancel refunds nothing and sends nothing.
    expect((await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest })).statusCode).toBe(200);
    await t.mailSent();
    expect(t.mail).toHaveLength(2);
  });

  it("lists a cancelled stay's refund line by line, as the cancel dialog and the trip page do", async () => {
    // Moderate, three days ahead: half the nights, the cleaning fee in full, the tax on what comes back.
    const room = await insertRoom(t.database.db, {
      hostId: host.id,
      title: 'Cottage',
      priceCents: 10_000,
      cleaningFeeCents: 4_500,
      taxRateBp: 1_250,
      cancellationPolicy: 'moderate',
      timeZone: 'UTC',
      availableFrom: day(1),
      availableTo: day(30),
    });
    // 2 × $100, $45 cleaning, 12.5% tax of $245 = $30.63: $275.63.
    const stay = await bookStay(t, guest, { roomId: room.id, from: day(3), to: day(5) });
    expect(stay.priceCents).toBe(27_563);
    await t.clearMail();
    expect((await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest })).statusCode).toBe(200);
    await t.mailSent();
    const [toGuest, toHost] = t.mail as [(typeof t.mail)[0], (typeof t.mail)[0]];
    const refund = [
      'The refund, line by line:',
      'Nights: $100',
      'Cleaning fee: $45',
      'Occupancy tax: $18.13',
      "Refunded to the guest's card: $163.13",
    ];
    expect(toGuest.text).toContain(refund.join('\n'));
    expect(toGuest.html).toContain(refund.map((line) => line.replace("'", '&#39;')).join('<br>'));
    expect(toHost.text).toContain(refund.join('\n'));
  });

  it('says who asked first when the other side cancels at the same moment, with the refund that was recorded', async () => {
    const stay = await bookStay(t, guest, { roomId, from: day(14), to: day(16) });
    await t.clearMail();
    // The guest's request is written; before it is finished, the host's arrives and finishes it.
    expect(await markCancelRequested(t.database.db, stay._id, { by: 'guest', refundCents: 12_050 })).toBe(true);
    expect((await t.call('DELETE', `/api/booking/${stay._id}`, { as: host })).statusCode).toBe(200);
    await t.mailSent();
    const [toGuest, toHost] = t.mail as [(typeof t.mail)[0], (typeof t.mail)[0]];
    expect(toGuest.text).toContain('You cancelled this stay:');
    expect(toHost.text).toContain('<script>alert(1)</script> cancelled this stay:');
    expect(toGuest.text).toContain("Refunded to the guest's card: $120.50");

    // Real races: whoever the database recorded is who both mails name.
    for (let i = 0; i < 6; i += 1) {
      const raced = await bookStay(t, guest, { roomId, from: day(18 + 2 * i), to: day(19 + 2 * i) });
      await t.clearMail();
      const answers = await Promise.all([guest, host].map((as) => t.call('DELETE', `/api/booking/${raced._id}`, { as })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const [row] = await t.database.db.select({ by: bookings.cancelRequestedBy }).from(bookings).where(eq(bookings.id, raced._id));
      await t.mailSent();
      const [mailToGuest, mailToHost] = t.mail as [(typeof t.mail)[0], (typeof t.mail)[0]];
      expect(t.mail).toHaveLength(2);
      expect(mailToGuest.text).toContain(row!.by === 'guest' ? 'You cancelled' : 'Hana <b>Host</b> cancelled');
      expect(mailToHost.text).toContain(row!.by === 'host' ? 'You cancelled' : '<script>alert(1)</script> cancelled');
    }
  });
});
