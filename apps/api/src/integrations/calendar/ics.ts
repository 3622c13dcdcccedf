import ICAL from 'ical.js';
import { i18n, tripPath, type IsoDate, type StayStatus } from '@staybook/domain';
import type { MailAttachment, MailMessage } from '../mail/mailer.js';

/**
 * The iCalendar (.ics) files StayBook writes (docs/decisions/030-calendar-sync.md): a booking's event, attached
 * to every booking mail and served as 'Add to calendar', and a room's export of its busy nights. Written with
 * ical.js, so escaping and line folding are the library's.
 */

const PRODID = '-//StayBook//Bookings//EN';

/** A stay as a calendar shows it: the whole days from check-in to check-out (DTEND is exclusive). */
export type StayEvent = {
  /** Stable per booking: a cancellation names the same UID, so calendars replace the event. */
  uid: string;
  from: IsoDate;
  to: IsoDate;
  summary: string;
  location?: string;
  description?: string;
  /** 0 for the booking; each later version of the same event counts up. */
  sequence: number;
  /** Confirmed unless said otherwise; a request the host has not answered yet is tentative (its nights are held). */
  status?: StayStatus;
};

/** A stay's STATUS in a calendar (RFC 5545 3.8.1.11). */
const EVENT_STATUS: Record<StayStatus, string> = { confirmed: 'CONFIRMED', requested: 'TENTATIVE', cancelled: 'CANCELLED' };

/** The UID of a booking's event: the same in every mail, download and export. */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@staybook`;
}

function dateValue(day: IsoDate): ICAL.Time {
  return ICAL.Time.fromDateString(day);
}

function eventComponent(event: StayEvent, stamp: Date): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', event.uid);
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(stamp, true));
  vevent.addPropertyWithValue('dtstart', dateValue(event.from));
  vevent.addPropertyWithValue('dtend', dateValue(event.to));
  vevent.addPropertyWithValue('sequence', event.sequence);
  vevent.addPropertyWithValue('summary', event.summary);
  if (event.location) vevent.addPropertyWithValue('location', event.location);
  if (event.description) vevent.addPropertyWithValue('description', event.description);
  // Busy nights: calendars that merge free/busy treat the days as taken.
  vevent.addPropertyWithValue('transp', 'OPAQUE');
  vevent.addPropertyWithValue('status', EVENT_STATUS[event.status ?? 'confirmed']);
  return vevent;
}

/** A whole calendar file; `method` only for a message about one booking (mail, download), never for a feed. */
export function writeCalendar(events: StayEvent[], { method, name, stamp = new Date() }: { method?: 'PUBLISH' | 'CANCEL'; name?: string; stamp?: Date } = {}): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (method) calendar.addPropertyWithValue('method', method);
  if (name) calendar.addPropertyWithValue('x-wr-calname', name);
  for (const event of events) calendar.addSubcomponent(eventComponent(event, stamp));
  return calendar.toString() + '\r\n';
}

/** What a booking's event says, from what the booking mails know of it. */
export type BookedStay = { bookingId: string; reference: string; title: string; location: string; from: IsoDate; to: IsoDate };

/**
 * A booking's own calendar file, its words in the active language (a mail's recipient's, decision 062; the
 * download's and the feeds' are English): the stay (METHOD:PUBLISH; STATUS:TENTATIVE while it is a request the host
 * has not answered), or its cancellation (METHOD:CANCEL, STATUS:CANCELLED, the same UID with a higher SEQUENCE, so a
 * calendar that added the stay removes it).
 */
export function bookingCalendar(stay: BookedStay, publicUrl: string, status: StayStatus = 'confirmed'): string {
  const cancelled = status === 'cancelled';
  const tripUrl = `${publicUrl}${tripPath(stay.bookingId)}`;
  return writeCalendar(
    [
      {
        uid: bookingUid(stay.bookingId),
        from: stay.from,
        to: stay.to,
        summary: cancelled ? i18n.t('Cancelled: {title}', { title: stay.title }) : stay.title,
        location: stay.location,
        description: `${i18n.t('Booking reference: {reference}', { reference: stay.reference })}\n${i18n.t('Trip: {url}', { url: tripUrl })}`,
        sequence: cancelled ? 1 : 0,
        status,
      },
    ],
    { method: cancelled ? 'CANCEL' : 'PUBLISH' },
  );
}

/** The file name a booking's calendar is attached or downloaded as. */
export function bookingCalendarFilename(reference: string): string {
  return `staybook-${reference}.ics`;
}

/** A booking mail with the stay's calendar file attached (the cancellation's for a cancelled stay). */
export function withStayCalendar(message: MailMessage, stay: BookedStay, publicUrl: string, status: StayStatus = 'confirmed'): MailMessage {
  const cancelled = status === 'cancelled';
  const attachment: MailAttachment = {
    filename: bookingCalendarFilename(stay.reference),
    content: bookingCalendar(stay, publicUrl, status),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  };
  return { ...message, attachments: [...(message.attachments ?? []), attachment] };
}
