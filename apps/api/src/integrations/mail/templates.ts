import { countOf, formatIsoDate, formatMoney, type IsoDate } from '@staybook/domain';
import { escapeHtml, type MailMessage } from './mailer.js';

export function passwordResetMail(user: { name: string; email: string }, url: string): MailMessage {
  const name = user.name || 'there';
  return {
    to: user.email,
    subject: 'Reset your StayBook password',
    text: `Hi ${name},\n\nSomeone asked to reset the password of your StayBook account. To choose a new one, open this link within an hour:\n\n${url}\n\nThe link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n\nStayBook`,
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your StayBook account. To choose a new one, open this link within an hour:</p>
<p><a href="${escapeHtml(url)}">Reset my password</a></p>
<p>The link works once. If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>StayBook</p>`,
  };
}

/** Sent at sign-up and on 'Resend the link': the link proves the person reads mail at this address. */
export function verifyEmailMail(user: { name: string; email: string }, url: string, validHours: number): MailMessage {
  const name = user.name || 'there';
  const intro = `Welcome to StayBook! To confirm that this is your e-mail address, open this link within ${validHours} hours:`;
  const after = 'Until then you can browse and sign in, but not book, list a room or ask to become a host.';
  const notYou = 'If you did not sign up for StayBook, ignore this mail and do not open the link.';
  return {
    to: user.email,
    subject: 'Confirm your e-mail address for StayBook',
    text: `Hi ${name},\n\n${intro}\n\n${url}\n\n${after}\n\n${notYou}\n\nStayBook`,
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}">Confirm my e-mail address</a></p>
<p>${escapeHtml(after)}</p>
<p>${escapeHtml(notYou)}</p>
<p>StayBook</p>`,
  };
}

/**
 * Sent to the owner of an address someone tried to sign up with again. The sign-up answer is the same as
 * for a new address, so this mail is where the owner learns it, with a way back in if they forgot.
 */
export function signUpAttemptMail(user: { name: string; email: string }, resetUrl: string): MailMessage {
  const name = user.name || 'there';
  const what = 'Someone just tried to sign up for StayBook with this e-mail address, which already has an account.';
  const ifYou = 'If it was you, you do not need a new account: log in as usual, or choose a new password with this link within an hour:';
  const ifNot = 'If it was not you, ignore this mail: nothing was changed, and your password stays as it is.';
  return {
    to: user.email,
    subject: 'Someone tried to sign up with your e-mail address',
    text: `Hi ${name},\n\n${what}\n\n${ifYou}\n\n${resetUrl}\n\n${ifNot}\n\nStayBook`,
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(what)}</p>
<p>${escapeHtml(ifYou)}</p>
<p><a href="${escapeHtml(resetUrl)}">Choose a new password</a></p>
<p>${escapeHtml(ifNot)}</p>
<p>StayBook</p>`,
  };
}

/** What the booking mails say about a stay. */
export type StayDetails = {
  title: string;
  location: string;
  from: IsoDate;
  to: IsoDate;
  nights: number;
  totalCents: number;
  guest: { name: string; email: string };
  host: { name: string; email: string };
};


function stayLines(stay: StayDetails): string[] {
  return [
    `${stay.title}, ${stay.location}`,
    `${formatIsoDate(stay.from)} to ${formatIsoDate(stay.to)} (${countOf(stay.nights, 'night')})`,
  ];
}

/** A mail in both parts: each paragraph once as text, once escaped into HTML. */
function mail(to: string, subject: string, greeting: string, paragraphs: string[][], link: { url: string; label: string }): MailMessage {
  const text = [greeting, ...paragraphs.map((lines) => lines.join('\n')), `${link.label}: ${link.url}`, 'StayBook'].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p>StayBook</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function bookingConfirmationMail(stay: StayDetails, publicUrl: string): MailMessage {
  return mail(
    stay.guest.email,
    `Your stay at ${stay.title} is booked`,
    `Hi ${stay.guest.name || 'there'},`,
    [
      ['Your stay is booked and paid:'],
      stayLines(stay),
      [`Total charged: ${formatMoney(stay.totalCents)}`, `Your host: ${stay.host.name}`],
      ['You can cancel for a full refund until the day before check-in.'],
    ],
    { url: `${publicUrl}/dashboard/my-bookings`, label: 'See my bookings' },
  );
}

export function newBookingMail(stay: StayDetails, publicUrl: string): MailMessage {
  return mail(
    stay.host.email,
    `New booking: ${stay.title}`,
    `Hi ${stay.host.name || 'there'},`,
    [
      [`${stay.guest.name || stay.guest.email} booked your room:`],
      stayLines(stay),
      [`Total paid: ${formatMoney(stay.totalCents)}`, `Guest: ${stay.guest.name} <${stay.guest.email}>`],
    ],
    { url: `${publicUrl}/dashboard/manage-bookings`, label: 'Manage bookings' },
  );
}

/** Sent to the guest and to the host; `cancelledBy` says who cancelled, `refundedCents` what went back to the card. */
/**
 * A booked stay whose card hold the provider no longer has (it expired or was released before the money was
 * collected): the stay is off, the card was never charged, and the nights are open again.
 */
export function unpaidStayCancelledMail(stay: StayDetails, recipient: 'guest' | 'host', publicUrl: string): MailMessage {
  const person = stay[recipient];
  return mail(
    person.email,
    `Cancelled: ${stay.title}, ${formatIsoDate(stay.from)}`,
    `Hi ${person.name || 'there'},`,
    [
      ['This stay was cancelled because the payment for it could not be collected:'],
      stayLines(stay),
      [
        recipient === 'guest'
          ? `Your card was not charged. To stay there, please book again.`
          : `The guest's card was not charged, and these nights can be booked again.`,
      ],
    ],
    recipient === 'guest'
      ? { url: `${publicUrl}/dashboard/my-bookings`, label: 'See my bookings' }
      : { url: `${publicUrl}/dashboard/manage-bookings`, label: 'Manage bookings' },
  );
}

export function bookingCancelledMail(
  stay: StayDetails,
  recipient: 'guest' | 'host',
  cancelledBy: 'guest' | 'host',
  refundedCents: number,
  publicUrl: string,
): MailMessage {
  const person = stay[recipient];
  const who = cancelledBy === recipient ? 'You' : cancelledBy === 'guest' ? `${stay.guest.name || 'The guest'}` : `${stay.host.name || 'The host'}`;
  return mail(
    person.email,
    `Cancelled: ${stay.title}, ${formatIsoDate(stay.from)}`,
    `Hi ${person.name || 'there'},`,
    [
      [`${who} cancelled this stay:`],
      stayLines(stay),
      [`Refunded to the guest's card: ${formatMoney(refundedCents)}`],
    ],
    recipient === 'guest'
      ? { url: `${publicUrl}/dashboard/my-bookings`, label: 'See my bookings' }
      : { url: `${publicUrl}/dashboard/manage-bookings`, label: 'Manage bookings' },
  );
}
