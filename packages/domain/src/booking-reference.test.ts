import { describe, expect, it } from 'vitest';
import { BOOKING_REFERENCE_PATTERN, bookingReferenceFrom, readBookingReference } from './booking-reference.js';

describe('booking references', () => {
  it('spells eight random bytes in Crockford base 32, without I, L, O or U', () => {
    const reference = bookingReferenceFrom([0, 1, 31, 32, 255, 18, 21, 27]);
    expect(reference).toBe('SB-01Z0-ZJNV');
    expect(reference).toMatch(BOOKING_REFERENCE_PATTERN);
    expect(() => bookingReferenceFrom([1, 2, 3])).toThrow(RangeError);
  });

  it('reads a reference as people type it', () => {
    expect(readBookingReference(' sb-7k3q-9m2d ')).toBe('SB-7K3Q-9M2D');
    expect(readBookingReference('7K3Q9M2D')).toBe('SB-7K3Q-9M2D');
    expect(readBookingReference('SB-7K3Q')).toBeNull();
    expect(readBookingReference('SB-7K3Q-9M2<')).toBeNull();
  });
});
