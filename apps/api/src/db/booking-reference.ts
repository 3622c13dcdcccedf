import { randomBytes } from 'node:crypto';
import { bookingReferenceFrom } from '@staybook/domain';
import { constraintOf, PG_ERRORS, sqlState } from '../errors.js';

/** A fresh booking reference: 40 random bits (packages/domain/src/booking-reference.ts). */
export function newBookingReference(): string {
  return bookingReferenceFrom(randomBytes(8));
}

/** Whether an insert lost only because its freshly drawn reference was already taken (draw again). */
export function isReferenceCollision(err: unknown): boolean {
  return sqlState(err) === PG_ERRORS.uniqueViolation && constraintOf(err) === 'bookings_reference_key';
}
