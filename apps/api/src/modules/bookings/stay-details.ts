/*
 * A booked stay read back, for the steps after the booking's transaction: the booking a payment made, and the stay
 * as the mails (and their .ics events) describe it.
 */
import { eq } from 'drizzle-orm';
import { nightsBetween } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import type { StayDetails } from '../../integrations/mail/templates.js';
import { findBookingRow, type BookingRow } from './bookings.queries.js';

/** The booking a payment made, as it stands now (undefined when it made none). */
export async function bookingForPayment(db: Db, paymentId: string): Promise<BookingRow | undefined> {
  return findBookingRow(db, eq(bookings.paymentId, paymentId));
}

/** The stay as the booking's mails tell it to both parties. */
export function stayDetails(row: BookingRow): StayDetails {
  return {
    bookingId: row.id,
    reference: row.reference,
    policy: row.cancellationPolicy,
    title: row.title,
    location: row.location,
    from: row.checkIn,
    to: row.checkOut,
    nights: nightsBetween(row.checkIn, row.checkOut),
    guests: row.guests,
    lines: row.priceLines,
    totalCents: row.totalCents,
    guest: { name: row.guestName, email: row.guestEmail, locale: row.guestLocale },
    host: { name: row.hostName, email: row.hostEmail, locale: row.hostLocale },
  };
}
