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
  SOURCE_LOCALE,
  tripPath,
  withLocale,
  type CancellationPolicy,
  type IsoDate,
  type Locale,
  type QuoteLine,
} from '@staybook/domain';
import { escapeHtml } from '../../html.js';
// The mails' Spanish (decision 062): a mail is written in its recipient's language when it is known.
import '../../locales/es/catalog.js';
import type { MailMessage } from './mailer.js';

/** The language saved on a person's account (decision 062): null until they chose one in a picker. */
type SavedLanguage = { locale?: Locale | null };

/**
 * Writes a mail in its recipient's language (decision 062): the one saved on their account, else English. Every mail
 * is written inside it, with the person the mail goes to: never the sender's language, nor the request's.
 */
export function inRecipientLanguage<T>(recipient: SavedLanguage, write: () => T): T {
  return withLocale(recipient.locale ?? SOURCE_LOCALE, write);
}

export function passwordResetMail(user: { name: string; email: string }, url: string): MailMessage {
  return mail(user.email, i18n.t('Reset your StayBook password'), greeting(user.name), [
    [i18n.t('Someone asked to reset the password of your StayBook account. To choose a new one, open this link within an hour:')],
    { url, label: i18n.t('Reset my password') },
    [i18n.t('The link works once. If you did not ask for this, ignore this mail: your password stays as it is.')],
  ]);
}

/** Sent at sign-up and on 'Resend the link': the link proves the person reads mail at this address. */
export function verifyEmailMail(user: { name: string; email: string }, url: string, validHours: number): MailMessage {
  return mail(user.email, i18n.t('Confirm your e-mail address for StayBook'), greeting(user.name), [
    [
      i18n.t('Welcome to StayBook! To confirm that this is your e-mail address, open this link within {count, plural, one {# hour} other {# hours}}:', {
        count: validHours,
      }),
    ],
    { url, label: i18n.t('Confirm my e-mail address') },
    [i18n.t('Until then you can browse and sign in, but not book, list a room or ask to become a host.')],
    [i18n.t('If you did not sign up for StayBook, ignore this mail and do not open the link.')],
  ]);
}

/**
 * Sent to the owner of an address someone tried to sign up with again. The sign-up answer is the same as
 * for a new address, so this mail is where the owner learns it, with a way back in if they forgot.
 */
export function signUpAttemptMail(user: { name: string; email: string }, resetUrl: string): MailMessage {
  return mail(user.email, i18n.t('Someone tried to sign up with your e-mail address'), greeting(user.name), [
    [i18n.t('Someone just tried to sign up for StayBook with this e-mail address, which already has an account.')],
    [i18n.t('If it was you, you do not need a new account: log in as usual, or choose a new password with this link within an hour:')],
    { url: resetUrl, label: i18n.t('Choose a new password') },
    [i18n.t('If it was not you, ignore this mail: nothing was changed, and your password stays as it is.')],
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
  guest: { name: string; email: string } & SavedLanguage;
  host: { name: string; email: string } & SavedLanguage;
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
    i18n.t('New booking: {title}', { title: stay.title }),
    greeting(stay.host.name),
    [
      [i18n.t('{guest} booked your room:', { guest: stay.guest.name || stay.guest.email })],
      stayLines(stay),
      priceLines(stay, i18n.t('Total paid')),
      [i18n.t('Guest: {guest}', { guest: `${stay.guest.name} <${stay.guest.email}>` })],
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
  return { url: `${publicUrl}${APP_PATHS.requests}`, label: i18n.t('Accept or decline') };
}

/** To the host: a guest asks for their room; the card is held until they answer or the request lapses. */
export function bookingRequestMail(stay: StayDetails, expiresAt: Date, publicUrl: string): MailMessage {
  return mail(
    stay.host.email,
    i18n.t('Booking request: {title}, {date}', { title: stay.title, date: formatIsoDate(stay.from) }),
    greeting(stay.host.name),
    [
      [i18n.t('{guest} would like to stay:', { guest: stay.guest.name || stay.guest.email })],
      stayLines(stay),
      priceLines(stay, i18n.t('Total')),
      [
        i18n.t(
          "Please accept or decline by {until}. The guest's card is held for the total and charged only when you accept; without an answer the request expires and the nights open again.",
          { until: instantText(expiresAt) },
        ),
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
  const host = stay.host.name || i18n.t('The host');
  const guest = stay.guest.name || i18n.t('The guest');
  const toGuest = recipient === 'guest';
  const about = { title: stay.title, date: formatIsoDate(stay.from) };
  const [subject, what] =
    ending === 'declined'
      ? [i18n.t('Request declined: {title}, {date}', about), toGuest ? i18n.t('{host} declined your request:', { host }) : i18n.t('You declined this request:')]
      : ending === 'withdrawn'
        ? [i18n.t('Request withdrawn: {title}, {date}', about), toGuest ? i18n.t('You withdrew your request:') : i18n.t('{guest} withdrew their request:', { guest })]
        : [
            i18n.t('Request expired: {title}, {date}', about),
            toGuest ? i18n.t('{host} did not answer your request in time, so it expired:', { host }) : i18n.t('This request expired without an answer:'),
          ];
  const hold = toGuest
    ? i18n.t('The hold on your card is released: you were not charged.')
    : i18n.t("The hold on the guest's card is released, and these nights are open again.");
  const blocks: Block[] = [[what], stayLines(stay)];
  if (message) blocks.push([toGuest ? i18n.t("{host}'s message: {message}", { host, message }) : i18n.t('Your message: {message}', { message })]);
  blocks.push([hold], tripLink(publicUrl, stay));
  return mail(person.email, subject, greeting(person.name), blocks);
}

/**
 * A booked stay whose card hold the provider no longer has (it expired or was released before the money was
 * collected): the stay is off, the card was never charged, and the nights are open again.
 */
export function unpaidStayCancelledMail(stay: StayDetails, recipient: 'guest' | 'host', publicUrl: string): MailMessage {
  const person = stay[recipient];
  return mail(
    person.email,
    i18n.t('Cancelled: {title}, {date}', { title: stay.title, date: formatIsoDate(stay.from) }),
    greeting(person.name),
    [
      [i18n.t('This stay was cancelled because the payment for it could not be collected:')],
      stayLines(stay),
      [
        recipient === 'guest'
          ? i18n.t('Your card was not charged. To stay there, please book again.')
          : i18n.t("The guest's card was not charged, and these nights can be booked again."),
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
  const who =
    cancelledBy === recipient
      ? i18n.t('You cancelled this stay:')
      : i18n.t('{name} cancelled this stay:', { name: cancelledBy === 'guest' ? stay.guest.name || i18n.t('The guest') : stay.host.name || i18n.t('The host') });
  return mail(
    person.email,
    i18n.t('Cancelled: {title}, {date}', { title: stay.title, date: formatIsoDate(stay.from) }),
    greeting(person.name),
    [
      [who],
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
  const total = i18n.t("Refunded to the guest's card: {amount}", { amount: formatMoney(refundedCents) });
  const byLine = refundedLines(stay.lines, stay.totalCents, refundedCents);
  if (byLine.length < 2) return [total];
  return [i18n.t('The refund, line by line:'), ...byLine.map((line) => `${i18n.known(refundLineLabel(line.kind, stay.lines))}: ${formatMoney(line.refundCents)}`), total];
}

/** What a message mail says: who wrote, about which stay, and the text itself. */
export type MessageMailDetails = {
  bookingId: string;
  reference: string;
  title: string;
  sender: { name: string };
  recipient: { name: string; email: string } & SavedLanguage;
  body: string;
};

/**
 * The first message of a burst, to the other party of the booking: the text as written (a paragraph per line,
 * escaped in the HTML part) and a link to the trip page, where the thread is.
 */
export function newMessageMail(details: MessageMailDetails, publicUrl: string): MailMessage {
  const sender = details.sender.name || i18n.t('Someone');
  return mail(details.recipient.email, i18n.t('New message from {sender} about {title}', { sender, title: details.title }), greeting(details.recipient.name), [
    [i18n.t('{sender} wrote to you about the stay at {title} (booking {reference}):', { sender, title: details.title, reference: details.reference })],
    details.body.split(/\r\n|\r|\n/),
    { url: `${publicUrl}${tripPath(details.bookingId)}`, label: i18n.t('Read and reply') },
    [i18n.t('We will not mail you about further messages in this conversation until you have read this one.')],
  ]);
}

/**
 * To a guest whose request to host an admin declined: the admin's reason as written (a paragraph per line,
 * escaped in the HTML part), and the dashboard, where 'Become A Host' is offered again.
 */
export function hostRequestDeclinedMail(user: { name: string; email: string }, reason: string, publicUrl: string): MailMessage {
  return mail(user.email, i18n.t('Your request to become a host was declined'), greeting(user.name), [
    [i18n.t('Thank you for asking to host on StayBook. An admin looked at your request and declined it, for this reason:')],
    reason.split(/\r\n|\r|\n/),
    [i18n.t('You can go on booking stays as a guest. When the reason no longer applies, you may ask again from your dashboard:')],
    { url: `${publicUrl}/dashboard`, label: i18n.t('Open my dashboard') },
  ]);
}

/**
 * To a person just made a host: by an admin granting the request they made (`requested`), or by an admin or the
 * operator setting their role. The link leads to Add Room, where hosting starts.
 */
export function becameHostMail(user: { name: string; email: string }, requested: boolean, publicUrl: string): MailMessage {
  return mail(user.email, requested ? i18n.t('Your request to become a host was approved') : i18n.t('You can now host on StayBook'), greeting(user.name), [
    [requested ? i18n.t('Good news: an admin approved your request to host on StayBook.') : i18n.t('Your StayBook account is now a host account.')],
    [i18n.t('You can list your rooms, and guests can book them. Start with your first room:')],
    { url: `${publicUrl}${APP_PATHS.addRoom}`, label: i18n.t('Add a room') },
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
  return mail(guest.email, i18n.t('How was your stay at {title}?', { title: stay.title }), greeting(guest.name), [
    [i18n.t('Thank you for staying at {title} from {from} to {to}.', { title: stay.title, from: formatIsoDate(stay.from), to: formatIsoDate(stay.to) })],
    [
      i18n.t('Tell future guests what it was like: rate the stay and write a few lines by {date}.', { date: formatIsoDate(stay.closesOn) }),
      i18n.t('Your host cannot read your review before writing theirs, and you cannot read theirs before writing yours; both appear together.'),
    ],
    reviewLink(publicUrl, stay.bookingId, i18n.t('Write a review')),
  ]);
}

/** To a hidden review's author and to the room's host: an admin took it down, and why. */
export function reviewHiddenMail(
  details: { title: string; authorName: string; reason: string; shownOnRoom: boolean },
  recipient: { name: string; email: string },
  as: 'author' | 'host',
): MailMessage {
  const { title } = details;
  const removed =
    as === 'host'
      ? i18n.t("{author}'s review of {title} was removed by StayBook because it breaks the rules for reviews.", { author: details.authorName || i18n.t('A guest'), title })
      : details.shownOnRoom
        ? i18n.t('Your review of {title} was removed by StayBook because it breaks the rules for reviews.', { title })
        : i18n.t("Your review of your guest's stay at {title} was removed by StayBook because it breaks the rules for reviews.", { title });
  const consequence = details.shownOnRoom ? i18n.t("It no longer shows on the room's page or counts in its rating.") : i18n.t('It no longer shows.');
  return mail(recipient.email, i18n.t('A review of {title} was removed', { title }), greeting(recipient.name), [
    [`${removed} ${consequence}`],
    [i18n.t('The reason given:'), ...details.reason.split(/\r\n|\r|\n/)],
  ]);
}

/** What the payout mails say: the amount, the day it was made for and the account's last digits. */
export type PayoutMailDetails = { amountCents: number; asOf: IsoDate; last4: string | null };

/** To a host whose payout was sent. */
export function payoutSentMail(host: { name: string; email: string }, payout: PayoutMailDetails, publicUrl: string): MailMessage {
  const values = { amount: formatMoney(payout.amountCents), last4: payout.last4, date: formatIsoDate(payout.asOf) };
  return mail(host.email, i18n.t('Your payout of {amount} is on its way', values), greeting(host.name), [
    [
      payout.last4
        ? i18n.t('We sent {amount} to your bank account ending in {last4}: your earnings available on {date}.', values)
        : i18n.t('We sent {amount} to your payout account: your earnings available on {date}.', values),
    ],
    [i18n.t('Banks usually show a payout within two business days. Every payout and the stays it covers are on your Payouts page:')],
    { url: `${publicUrl}${APP_PATHS.payouts}`, label: i18n.t('Open Payouts') },
  ]);
}

/** To a host whose payout failed: the reason as the bank gave it, and that the money waits for the next payout. */
export function payoutFailedMail(host: { name: string; email: string }, payout: PayoutMailDetails, reason: string, publicUrl: string): MailMessage {
  const values = { amount: formatMoney(payout.amountCents), last4: payout.last4 };
  const notSent = payout.last4
    ? i18n.t('We could not send {amount} to your bank account ending in {last4}.', values)
    : i18n.t('We could not send {amount} to your payout account.', values);
  return mail(host.email, i18n.t('Your payout of {amount} could not be sent', values), greeting(host.name), [
    // The reason is the domain's (payoutFailureMessage), in English as the run hands it over: written in the mail's language.
    [`${notSent} ${i18n.known(reason)}`],
    [i18n.t('The money is safe: it is back in your available balance, and the next daily payout sends it again.')],
    { url: `${publicUrl}${APP_PATHS.payouts}`, label: i18n.t('Check your payout details') },
  ]);
}

/**
 * To a host whose payout bank account was set or replaced: where their money goes now, and what to do when it was not
 * them (a session left open elsewhere could have done it).
 */
export function payoutAccountChangedMail(host: { name: string; email: string }, account: { last4: string; previousLast4: string | null }, publicUrl: string): MailMessage {
  const values = { last4: account.last4, previous: account.previousLast4 };
  return mail(host.email, i18n.t('Your payout bank account was changed'), greeting(host.name), [
    [
      account.previousLast4
        ? i18n.t('Your payouts now go to the bank account ending in {last4}, instead of the one ending in {previous}.', values)
        : i18n.t('Your payouts now go to the bank account ending in {last4}.', values),
    ],
    [i18n.t('If you did not make this change, reset your password now, then set your bank account again on your Payouts page. Payouts sent already are not affected.')],
    { url: `${publicUrl}${APP_PATHS.payouts}`, label: i18n.t('Open Payouts') },
  ]);
}

/** To a host whose webhook endpoint kept failing and was disabled (decision 056): where to look and enable it again. */
export function webhookDisabledMail(owner: { name: string; email: string }, endpoint: { url: string; failures: number }, publicUrl: string): MailMessage {
  return mail(owner.email, i18n.t('Your StayBook webhook endpoint was disabled'), greeting(owner.name), [
    [
      i18n.t('The last {count, plural, one {# delivery} other {# deliveries}} to {url} failed, so we stopped sending events to it.', {
        count: endpoint.failures,
        url: endpoint.url,
      }),
    ],
    [i18n.t('The delivery log in your profile shows what it answered. Once it works again, enable it there; you can redeliver any event you missed.')],
    { url: `${publicUrl}${APP_PATHS.profile}`, label: i18n.t('Open my profile') },
  ]);
}
