import {
  APP_PATHS,
  CANCELLATION_POLICY_LABELS,
  cancellationPolicyText,
  dateFormat,
  i18n,
  formatIsoDate,
  formatMoney,
  lineLabel,
  refundedLines,
  refundLineLabel,
  reviewPath,
  tripPath,
  type CancellationPolicy,
  type IsoDate,
  type QuoteLine,
  stayDatesText,
} from '@staybook/domain';
import { escapeHtml } from '../../html.js';
// The mails' Spanish (decision 062): a mail is written in its recipient's language when it is known.
import '../../locales/es/catalog.js';
import type { MailMessage } from './mailer.js';

export function passwordResetMail(user: { name: string; email: string }, url: string): MailMessage {
  return mail(user.email, 'Reset your StayBook password', greeting(user.name), [
    ['Someone asked to reset the password of your StayBook account. To choose a new one, open this link within an hour:'],
    { url, label: 'Reset my password' },
    ['The link works once. If you did not ask for this, ignore this mail: your password stays as it is.'],
  ]);
}

/** Sent at sign-up and on 'Resend the link': the link proves the person reads mail at this address. */
export function verifyEmailMail(user: { name: string; email: string }, url: string, validHours: number): MailMessage {
  return mail(user.email, 'Confirm your e-mail address for StayBook', greeting(user.name), [
    [`Welcome to StayBook! To confirm that this is your e-mail address, open this link within ${validHours} hours:`],
    { url, label: 'Confirm my e-mail address' },
    ['Until then you can browse and sign in, but not book, list a room or ask to become a host.'],
    ['If you did not sign up for StayBook, ignore this mail and do not open the link.'],
  ]);
}

/**
 * Sent to the owner of an address someone tried to sign up with again. The sign-up answer is the same as
 * for a new address, so this mail is where the owner learns it, with a way back in if they forgot.
 */
export function signUpAttemptMail(user: { name: string; email: string }, resetUrl: string): MailMessage {
  return mail(user.email, 'Someone tried to sign up with your e-mail address', greeting(user.name), [
    ['Someone just tried to sign up for StayBook with this e-mail address, which already has an account.'],
    ['If it was you, you do not need a new account: log in as usual, or choose a new password with this link within an hour:'],
    { url: resetUrl, label: 'Choose a new password' },
    ['If it was not you, ignore this mail: nothing was changed, and your password stays as it is.'],
  ]);
}

/** What the booking mails say about a stay. */
export type StayDetails = {
  bookingId: string;
  /** The code people quote (SB-7K3Q-9M2D). */
  reference: string;
  policy: CancellationPolicy;
  title: string;
  location: string;
  from: IsoDate;
  to: IsoDate;
  nights: number;
  guests: number;
  /** The line items the stay was charged (the quote's), adding up to `totalCents`. */
  lines: QuoteLine[];
  totalCents: number;
  guest: { name: string; email: string };
  host: { name: string; email: string };
};


function stayLines(stay: StayDetails): string[] {
  return [
    i18n.t('Booking reference: {reference}', { reference: stay.reference }),
    `${stay.title}, ${stay.location}`,
    i18n.t('{from} to {to} ({count, plural, one {# night} other {# nights}})', { from: formatIsoDate(stay.from), to: formatIsoDate(stay.to), count: stay.nights }),
    i18n.t('For {count, plural, one {# guest} other {# guests}}', { count: stay.guests }),
  ];
}

/** The stay's price as its line items, then the total: what the trip page and the receipt show. */
function priceLines(stay: StayDetails, total: string): string[] {
  return [...stay.lines.map((line) => `${lineLabel(line)}: ${line.credit ? '−' : ''}${formatMoney(line.amountCents)}`), `${total}: ${formatMoney(stay.totalCents)}`];
}

function greeting(name: string): string {
  return name ? i18n.t('Hi {name},', { name }) : i18n.t('Hi there,');
}

/** A paragraph of lines, or a link ('label: url' in the text part, an anchor in the HTML part). */
type Block = string[] | { url: string; label: string };

/** A mail in both parts: each block once as text, once escaped into HTML. */
function mail(to: string, subject: string, hello: string, blocks: Block[]): MailMessage {
  const text = [hello, ...blocks.map((b) => (Array.isArray(b) ? b.join('\n') : `${b.label}: ${b.url}`)), 'StayBook'].join('\n\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...blocks.map((b) =>
      Array.isArray(b) ? `<p>${b.map(escapeHtml).join('<br>')}</p>` : `<p><a href="${escapeHtml(b.url)}">${escapeHtml(b.label)}</a></p>`,
    ),
    '<p>StayBook</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/** The trip page, where both parties see the stay, its payment and their messages. */
function tripLink(publicUrl: string, stay: StayDetails): Block {
  return { url: `${publicUrl}${tripPath(stay.bookingId)}`, label: i18n.t('See the trip') };
}

function policyLine(stay: StayDetails): string {
  return i18n.t('Cancellation policy: {policy}. {terms}', {
    policy: i18n.known(CANCELLATION_POLICY_LABELS[stay.policy]),
    terms: cancellationPolicyText(stay.policy),
  });
}

/** To the guest once the stay is booked: at once, or when the host accepted their request (with their message, if any). */
export function bookingConfirmationMail(stay: StayDetails, publicUrl: string, accepted?: { message: string | null }): MailMessage {
  const host = stay.host.name || i18n.t('The host');
  const opening: Block[] = accepted
    ? [
        [i18n.t('{host} accepted your request. Your stay is booked and paid:', { host })],
        ...(accepted.message ? [[i18n.t("{host}'s message: {message}", { host, message: accepted.message })]] : []),
      ]
    : [[i18n.t('Your stay is booked and paid:')]];
  return mail(
    stay.guest.email,
    accepted
      ? i18n.t('Request accepted: your stay at {title} is booked', { title: stay.title })
      : i18n.t('Your stay at {title} is booked', { title: stay.title }),
    greeting(stay.guest.name),
    [
      ...opening,
      stayLines(stay),
      priceLines(stay, i18n.t('Total charged')),
      [i18n.t('Your host: {name}', { name: stay.host.name })],
      [policyLine(stay)],
      tripLink(publicUrl, stay),
    ],
  );
}

export function newBookingMail(stay: StayDetails, publicUrl: string): MailMessage {
  return mail(
    stay.host.email,
    `New booking: ${stay.title}`,
    greeting(stay.host.name),
    [
      [`${stay.guest.name || stay.guest.email} booked your room:`],
      stayLines(stay),
      priceLines(stay, 'Total paid'),
      [`Guest: ${stay.guest.name} <${stay.guest.email}>`],
      [policyLine(stay)],
      tripLink(publicUrl, stay),
    ],
  );
}

/** "Nov 30, 2026, 8:00 PM UTC": when a request lapses, in one zone every reader can convert. */
function instantText(at: Date): string {
  return `${dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** The host's Requests page, where they accept or decline. */
function requestsLink(publicUrl: string): Block {
  return { url: `${publicUrl}${APP_PATHS.requests}`, label: 'Accept or decline' };
}

/** To the host: a guest asks for their room; the card is held until they answer or the request lapses. */
export function bookingRequestMail(stay: StayDetails, expiresAt: Date, publicUrl: string): MailMessage {
  return mail(
    stay.host.email,
    `Booking request: ${stay.title}, ${formatIsoDate(stay.from)}`,
    greeting(stay.host.name),
    [
      [`${stay.guest.name || stay.guest.email} would like to stay:`],
      stayLines(stay),
      priceLines(stay, 'Total'),
      [
        `Please accept or decline by ${instantText(expiresAt)}. The guest's card is held for the total and charged only when you accept; without an answer the request expires and the nights open again.`,
      ],
      requestsLink(publicUrl),
    ],
  );
}

/** To the guest: their request went to the host; nothing is charged until the host accepts. */
export function requestSentMail(stay: StayDetails, expiresAt: Date, publicUrl: string): MailMessage {
  return mail(
    stay.guest.email,
    i18n.t('Request sent: {title}, {date}', { title: stay.title, date: formatIsoDate(stay.from) }),
    greeting(stay.guest.name),
    [
      [stay.host.name ? i18n.t('Your request was sent to {host}:', { host: stay.host.name }) : i18n.t('Your request was sent to the host:')],
      stayLines(stay),
      priceLines(stay, i18n.t('Total')),
      [
        i18n.t(
          'Your card is held for the total, not charged. The host has until {until} to answer: if they accept, the stay is booked and your card is charged; if they decline or do not answer, the hold is released.',
          { until: instantText(expiresAt) },
        ),
      ],
      tripLink(publicUrl, stay),
    ],
  );
}

/** How a request ended without a stay, for the mails: who did what. */
export type RequestEnding = 'declined' | 'withdrawn' | 'expired';

/**
 * A request that ended without a stay, to the guest or the host: declined (with the host's message, if any),
 * withdrawn by the guest, or expired unanswered. The hold on the card is released in every case.
 */
export function requestEndedMail(
  stay: StayDetails,
  recipient: 'guest' | 'host',
  ending: RequestEnding,
  message: string | null,
  publicUrl: string,
): MailMessage {
  const person = stay[recipient];
  const host = stay.host.name || 'The host';
  const guest = stay.guest.name || 'The guest';
  const subjects = { declined: 'Request declined', withdrawn: 'Request withdrawn', expired: 'Request expired' } as const;
  const what = {
    declined: recipient === 'guest' ? `${host} declined your request:` : 'You declined this request:',
    withdrawn: recipient === 'guest' ? 'You withdrew your request:' : `${guest} withdrew their request:`,
    expired: recipient === 'guest' ? `${host} did not answer your request in time, so it expired:` : 'This request expired without an answer:',
  }[ending];
  const hold = recipient === 'guest' ? 'The hold on your card is released: you were not charged.' : "The hold on the guest's card is released, and these nights are open again.";
  const blocks: Block[] = [[what], stayLines(stay)];
  if (message) blocks.push([`${recipient === 'guest' ? `${host}'s` : 'Your'} message: ${message}`]);
  blocks.push([hold], tripLink(publicUrl, stay));
  return mail(person.email, `${subjects[ending]}: ${stay.title}, ${formatIsoDate(stay.from)}`, greeting(person.name), blocks);
}

/**
 * A booked stay whose card hold the provider no longer has (it expired or was released before the money was
 * collected): the stay is off, the card was never charged, and the nights are open again.
 */
export function unpaidStayCancelledMail(stay: StayDetails, recipient: 'guest' | 'host', publicUrl: string): MailMessage {
  const person = stay[recipient];
  return mail(
    person.email,
    `Cancelled: ${stay.title}, ${formatIsoDate(stay.from)}`,
    greeting(person.name),
    [
      ['This stay was cancelled because the payment for it could not be collected:'],
      stayLines(stay),
      [
        recipient === 'guest'
          ? `Your card was not charged. To stay there, please book again.`
          : `The guest's card was not charged, and these nights can be booked again.`,
      ],
      tripLink(publicUrl, stay),
    ],
  );
}

/** Sent to the guest and to the host; `cancelledBy` says who cancelled, `refundedCents` what went back to the card. */
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
    greeting(person.name),
    [
      [`${who} cancelled this stay:`],
      stayLines(stay),
      refundBlock(stay, refundedCents),
      tripLink(publicUrl, stay),
    ],
  );
}

/**
 * What went back to the card, line by line as the cancel dialog and the trip page show it, then in all. A refund of
 * one line (or one the stay's lines do not account for) is told in all only.
 */
function refundBlock(stay: StayDetails, refundedCents: number): string[] {
  const total = `Refunded to the guest's card: ${formatMoney(refundedCents)}`;
  const byLine = refundedLines(stay.lines, stay.totalCents, refundedCents);
  if (byLine.length < 2) return [total];
  return ['The refund, line by line:', ...byLine.map((line) => `${refundLineLabel(line.kind, stay.lines)}: ${formatMoney(line.refundCents)}`), total];
}

/** What a message mail says: who wrote, about which stay, and the text itself. */
export type MessageMailDetails = {
  bookingId: string;
  reference: string;
  title: string;
  sender: { name: string };
  recipient: { name: string; email: string };
  body: string;
};

/**
 * The first message of a burst, to the other party of the booking: the text as written (a paragraph per line,
 * escaped in the HTML part) and a link to the trip page, where the thread is.
 */
export function newMessageMail(details: MessageMailDetails, publicUrl: string): MailMessage {
  const sender = details.sender.name || 'Someone';
  return mail(details.recipient.email, `New message from ${sender} about ${details.title}`, greeting(details.recipient.name), [
    [`${sender} wrote to you about the stay at ${details.title} (booking ${details.reference}):`],
    details.body.split(/\r\n|\r|\n/),
    { url: `${publicUrl}${tripPath(details.bookingId)}`, label: 'Read and reply' },
    ['We will not mail you about further messages in this conversation until you have read this one.'],
  ]);
}

/**
 * To a guest whose request to host an admin declined: the admin's reason as written (a paragraph per line,
 * escaped in the HTML part), and the dashboard, where 'Become A Host' is offered again.
 */
export function hostRequestDeclinedMail(user: { name: string; email: string }, reason: string, publicUrl: string): MailMessage {
  return mail(user.email, 'Your request to become a host was declined', greeting(user.name), [
    ['Thank you for asking to host on StayBook. An admin looked at your request and declined it, for this reason:'],
    reason.split(/\r\n|\r|\n/),
    ['You can go on booking stays as a guest. When the reason no longer applies, you may ask again from your dashboard:'],
    { url: `${publicUrl}/dashboard`, label: 'Open my dashboard' },
  ]);
}

/**
 * To a person just made a host: by an admin granting the request they made (`requested`), or by an admin or the
 * operator setting their role. The link leads to Add Room, where hosting starts.
 */
export function becameHostMail(user: { name: string; email: string }, requested: boolean, publicUrl: string): MailMessage {
  return mail(user.email, requested ? 'Your request to become a host was approved' : 'You can now host on StayBook', greeting(user.name), [
    [requested ? 'Good news: an admin approved your request to host on StayBook.' : 'Your StayBook account is now a host account.'],
    ['You can list your rooms, and guests can book them. Start with your first room:'],
    { url: `${publicUrl}${APP_PATHS.addRoom}`, label: 'Add a room' },
  ]);
}

/** The review page of a stay. */
function reviewLink(publicUrl: string, bookingId: string, label: string): Block {
  return { url: `${publicUrl}${reviewPath(bookingId)}`, label };
}

/** What the review mails say about the stay. */
export type ReviewMailStay = { bookingId: string; title: string; from: IsoDate; to: IsoDate; closesOn: IsoDate };

/**
 * To the guest on the day after check-out (the room's day): how the stay was, while the window is open. Nothing
 * about whether the host has reviewed them: reviews are double-blind.
 */
export function reviewInvitationMail(stay: ReviewMailStay, guest: { name: string; email: string }, publicUrl: string): MailMessage {
  return mail(guest.email, `How was your stay at ${stay.title}?`, greeting(guest.name), [
    [`Thank you for staying at ${stay.title} ${stayDatesText(stay)}.`],
    [
      `Tell future guests what it was like: rate the stay and write a few lines by ${formatIsoDate(stay.closesOn)}.`,
      'Your host cannot read your review before writing theirs, and you cannot read theirs before writing yours; both appear together.',
    ],
    reviewLink(publicUrl, stay.bookingId, 'Write a review'),
  ]);
}

/** To a hidden review's author and to the room's host: an admin took it down, and why. */
export function reviewHiddenMail(
  details: { title: string; authorName: string; reason: string; shownOnRoom: boolean },
  recipient: { name: string; email: string },
  as: 'author' | 'host',
): MailMessage {
  const what =
    as === 'author'
      ? `Your review of ${details.shownOnRoom ? details.title : `your guest's stay at ${details.title}`}`
      : `${details.authorName || 'A guest'}'s review of ${details.title}`;
  const consequence = details.shownOnRoom ? " It no longer shows on the room's page or counts in its rating." : ' It no longer shows.';
  return mail(recipient.email, `A review of ${details.title} was removed`, greeting(recipient.name), [
    [`${what} was removed by StayBook because it breaks the rules for reviews.${consequence}`],
    ['The reason given:', ...details.reason.split(/\r\n|\r|\n/)],
  ]);
}

/** What the payout mails say: the amount, the day it was made for and the account's last digits. */
export type PayoutMailDetails = { amountCents: number; asOf: IsoDate; last4: string | null };

function accountText(last4: string | null): string {
  return last4 ? `your bank account ending in ${last4}` : 'your payout account';
}

/** To a host whose payout was sent. */
export function payoutSentMail(host: { name: string; email: string }, payout: PayoutMailDetails, publicUrl: string): MailMessage {
  return mail(host.email, `Your payout of ${formatMoney(payout.amountCents)} is on its way`, greeting(host.name), [
    [`We sent ${formatMoney(payout.amountCents)} to ${accountText(payout.last4)}: your earnings available on ${formatIsoDate(payout.asOf)}.`],
    ['Banks usually show a payout within two business days. Every payout and the stays it covers are on your Payouts page:'],
    { url: `${publicUrl}${APP_PATHS.payouts}`, label: 'Open Payouts' },
  ]);
}

/** To a host whose payout failed: the reason as the bank gave it, and that the money waits for the next payout. */
export function payoutFailedMail(host: { name: string; email: string }, payout: PayoutMailDetails, reason: string, publicUrl: string): MailMessage {
  return mail(host.email, `Your payout of ${formatMoney(payout.amountCents)} could not be sent`, greeting(host.name), [
    [`We could not send ${formatMoney(payout.amountCents)} to ${accountText(payout.last4)}. ${reason}`],
    ['The money is safe: it is back in your available balance, and the next daily payout sends it again.'],
    { url: `${publicUrl}${APP_PATHS.payouts}`, label: 'Check your payout details' },
  ]);
}

/** To a host whose webhook endpoint kept failing and was disabled (decision 056): where to look and enable it again. */
export function webhookDisabledMail(owner: { name: string; email: string }, endpoint: { url: string; failures: number }, publicUrl: string): MailMessage {
  return mail(owner.email, 'Your StayBook webhook endpoint was disabled', greeting(owner.name), [
    [`The last ${endpoint.failures} deliveries to ${endpoint.url} failed, so we stopped sending events to it.`],
    ['The delivery log in your profile shows what it answered. Once it works again, enable it there; you can redeliver any event you missed.'],
    { url: `${publicUrl}${APP_PATHS.profile}`, label: 'Open my profile' },
  ]);
}
