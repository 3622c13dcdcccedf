import { activeLocale, withLocale } from '@staybook/domain';
import { describe, expect, it } from 'vitest';
import {
  becameHostMail,
  bookingCancelledMail,
  bookingRequestMail,
  hostRequestDeclinedMail,
  inRecipientLanguage,
  newBookingMail,
  newMessageMail,
  passwordResetMail,
  payoutFailedMail,
  payoutSentMail,
  requestEndedMail,
  reviewHiddenMail,
  reviewInvitationMail,
  signUpAttemptMail,
  unpaidStayCancelledMail,
  verifyEmailMail,
  webhookDisabledMail,
  type StayDetails,
} from './templates.js';
import type { MailMessage } from './mailer.js';
import { SAMPLE_STAY } from '../../test/mail-samples.js';

const URL = 'https://staybook.test';
const ANA = { name: 'Ana', email: 'ana@example.com' };
const STAY: StayDetails = {
  ...SAMPLE_STAY,
  guest: { ...SAMPLE_STAY.guest, locale: 'es' },
  host: { ...SAMPLE_STAY.host, locale: null },
};
const EXPIRES = new Date('2030-01-08T20:00:00Z');
const PAYOUT = { amountCents: 250_00, asOf: '2030-01-11' as const, last4: '6789' };

/** Every mail the product sends, each as it is written for its recipient. */
const MAILS: [string, () => MailMessage][] = [
  ['password reset', () => passwordResetMail(ANA, `${URL}/reset`)],
  ['e-mail verification', () => verifyEmailMail(ANA, `${URL}/verify`, 24)],
  ['sign-up attempt', () => signUpAttemptMail(ANA, `${URL}/reset`)],
  ['new booking', () => newBookingMail(STAY, URL)],
  ['booking request', () => bookingRequestMail(STAY, EXPIRES, URL)],
  ['request declined', () => requestEndedMail(STAY, 'guest', 'declined', 'Sorry, not that week.', URL)],
  ['request withdrawn', () => requestEndedMail(STAY, 'host', 'withdrawn', null, URL)],
  ['request expired', () => requestEndedMail(STAY, 'guest', 'expired', null, URL)],
  ['unpaid stay cancelled', () => unpaidStayCancelledMail(STAY, 'host', URL)],
  ['booking cancelled', () => bookingCancelledMail(STAY, 'guest', 'host', 340_00, URL)],
  ['new message', () => newMessageMail({ bookingId: STAY.bookingId, reference: STAY.reference, title: STAY.title, sender: { name: 'Rui' }, recipient: ANA, body: 'Hola' }, URL)],
  ['host request declined', () => hostRequestDeclinedMail(ANA, 'Your photo is missing.', URL)],
  ['became host', () => becameHostMail(ANA, true, URL)],
  ['review invitation', () => reviewInvitationMail({ bookingId: STAY.bookingId, title: STAY.title, from: STAY.from, to: STAY.to, closesOn: '2030-01-27' }, ANA, URL)],
  ['review hidden', () => reviewHiddenMail({ title: STAY.title, authorName: 'Ana', reason: 'Off topic.', shownOnRoom: true }, ANA, 'host')],
  ['payout sent', () => payoutSentMail(ANA, PAYOUT, URL)],
  ['payout failed', () => payoutFailedMail(ANA, PAYOUT, 'The bank account has been closed. Please add another account.', URL)],
  ['webhook disabled', () => webhookDisabledMail(ANA, { url: 'https://hooks.example/x', failures: 10 }, URL)],
];

/** Words of the English mails that no Spanish mail should still hold. */
const ENGLISH = /\b(Hi|your|the|was|Please|booked|request|stay|payout|review)\b/;

/** Decision 062: every mail is written in its recipient's saved language, English when they chose none. */
describe('every mail in its recipient’s language', () => {
  it.each(MAILS)('writes the %s mail in Spanish for a recipient who chose it', (_, write) => {
    const spanish = inRecipientLanguage({ locale: 'es' }, write);
    expect(activeLocale()).toBe('en');
    expect(spanish.text).toMatch(/^Hola, Ana:|^Hola, Rui:/);
    // What is left in English is what the mail quotes (a reason, a message), the names and the links.
    const own = [spanish.subject, ...spanish.text.split('\n').filter((line) => !/Sorry|photo|Off topic|Red cottage, Lisbon/.test(line))];
    for (const line of own) expect(line.replace(/https?:\/\/\S+/g, ''), line).not.toMatch(ENGLISH);
  });

  it.each(MAILS)('writes the %s mail in English, as before, for a recipient who chose none', (_, write) => {
    const english = write();
    expect(inRecipientLanguage({ locale: null }, write)).toEqual(english);
    expect(inRecipientLanguage({}, write)).toEqual(english);
    // Whatever language is active around it: the recipient's is the one that counts.
    expect(withLocale('es', () => inRecipientLanguage({ locale: null }, write))).toEqual(english);
  });

  it('reads naturally in Spanish', () => {
    const es = <T,>(write: () => T) => inRecipientLanguage({ locale: 'es' }, write);
    expect(es(() => newBookingMail(STAY, URL)).subject).toBe('Nueva reserva: Red cottage');
    expect(es(() => bookingCancelledMail(STAY, 'guest', 'host', 340_00, URL)).text).toContain(
      'Rui ha cancelado esta estancia:',
    );
    expect(es(() => bookingCancelledMail(STAY, 'guest', 'host', 340_00, URL)).text).toContain(
      'El reembolso, línea por línea:\nNoches: $300\nGastos de limpieza: $40\nReembolsado a la tarjeta del huésped: $340',
    );
    expect(es(() => verifyEmailMail(ANA, `${URL}/verify`, 24)).text).toContain('abre este enlace en las próximas 24 horas:');
    expect(es(() => webhookDisabledMail(ANA, { url: 'https://hooks.example/x', failures: 10 }, URL)).text).toContain(
      'Las últimas 10 entregas a https://hooks.example/x fallaron, así que hemos dejado de enviarle eventos.',
    );
    expect(es(() => payoutFailedMail(ANA, PAYOUT, 'The bank account has been closed. Please add another account.', URL)).text).toContain(
      'No hemos podido enviar $250 a tu cuenta bancaria terminada en 6789. La cuenta bancaria se ha cerrado. Añade otra cuenta.',
    );
    expect(payoutFailedMail(ANA, PAYOUT, 'The bank account has been closed. Please add another account.', URL).text).toContain(
      'We could not send $250 to your bank account ending in 6789. The bank account has been closed. Please add another account.',
    );
    expect(es(() => payoutSentMail(ANA, PAYOUT, URL)).text).toContain(
      'Hemos enviado $250 a tu cuenta bancaria terminada en 6789: tus ingresos disponibles el 11 ene 2030.',
    );
  });
});
