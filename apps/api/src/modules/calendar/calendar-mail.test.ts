import { readdir, readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRoom } from '../../db/factories.js';
import { createMailer, outboxDir } from '../../integrations/mail/mailer.js';
import { bookStay } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { startSmtpStandIn, type SmtpStandIn } from '../../test/smtp-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const quiet = { info() {}, warn() {}, error() {} };

/** The attached .ics of a raw MIME message, decoded (nodemailer sends it base64 or quoted-printable). */
function attachedCalendar(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-disposition:\s*attachment/i.test(p));
  if (!part) throw new Error(`no attachment in:\n${raw}`);
  const [head = '', ...body] = part.split(/\r?\n\r?\n/);
  const text = body.join('\n\n');
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text;
}

function firstEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, from: event.startDate.toString(), to: event.endDate.toString() };
}

/** The outbox's JSON payload carries the attachment; both real mailers deliver it. One engine is enough here. */
describe('booking mail attachments through the mailers', () => {
  let t: TestApp;
  let smtp: SmtpStandIn;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    smtp = await startSmtpStandIn();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('sends the .ics over SMTP and writes it into the local outbox', async () => {
    const host = await t.signUp({ role: 'host' });
    const guest = await t.signUp();
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(20) });
    await t.clearMail();
    const stay = await bookStay(t, guest, { roomId: room.id, from: day(4), to: day(6) });
    // Read back from the outbox's JSON payload by the worker.
    const confirmation = (await t.mailSent()).find((m) => m.to === guest.email)!;
    const expected = { method: 'PUBLISH', uid: `${stay._id}@staybook`, from: day(4), to: day(6) };

    await createMailer({ smtpUrl: smtp.url, from: 'StayBook <no-reply@staybook.example>', dataDir: t.dataDir, log: quiet }).send(confirmation);
    const [received] = smtp.received;
    expect(received!.raw).toMatch(/content-type:\s*text\/calendar/i);
    expect(received!.raw).toContain(`filename=staybook-${stay.reference}.ics`);
    expect(firstEvent(attachedCalendar(received!.raw))).toEqual(expected);

    await createMailer({ smtpUrl: undefined, from: 'StayBook <no-reply@staybook.example>', dataDir: t.dataDir, log: quiet }).send(confirmation);
    const [file] = await readdir(outboxDir(t.dataDir));
    expect(firstEvent(attachedCalendar(await readFile(`${outboxDir(t.dataDir)}/${file}`, 'utf8')))).toEqual(expected);
  });
});
