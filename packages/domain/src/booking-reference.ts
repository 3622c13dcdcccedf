/*
 * Booking references: the short code people quote to each other and to support (SB-7K3Q-9M2D). Eight symbols
 * of Crockford's base 32 (no I, L, O or U, so nothing reads as another letter or a digit), 40 bits drawn at
 * random by the server; the database's unique index is the final word.
 */

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BOOKING_REFERENCE_PATTERN = /^SB-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** A reference from eight random bytes (each taken modulo 32, which the alphabet's length divides evenly). */
export function bookingReferenceFrom(bytes: ArrayLike<number>): string {
  if (bytes.length < 8) throw new RangeError('A booking reference needs eight random bytes');
  let symbols = '';
  for (let i = 0; i < 8; i += 1) symbols += REFERENCE_ALPHABET[bytes[i]! % 32];
  return `SB-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** A reference as someone typed it: trimmed, upper-cased, with or without its dashes; null when it cannot be one. */
export function readBookingReference(input: string): string | null {
  const bare = input.trim().toUpperCase().replace(/[\s-]/g, '');
  const symbols = bare.startsWith('SB') ? bare.slice(2) : bare;
  if (!/^[0-9A-Z]{8}$/.test(symbols)) return null;
  return `SB-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
