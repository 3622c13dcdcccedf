import { describe, expect, it } from 'vitest';
import { graceEndsAt, refundChangesOn, refundFor, type RefundFacts } from './cancellation.js';

const bookedAt = new Date('2030-03-01T12:00:00Z');
const facts = (over: Partial<RefundFacts>): RefundFacts => ({
  policy: 'flexible',
  totalCents: 10_001,
  checkIn: '2030-04-01',
  bookedAt,
  today: '2030-03-02',
  now: new Date('2030-03-02T12:00:00Z'),
  ...over,
});

describe('refundFor', () => {
  it('refunds Flexible stays in full before the check-in day, nothing from it on', () => {
    expect(refundFor(facts({ today: '2030-03-31' }))).toEqual({ share: 'full', refundCents: 10_001, totalCents: 10_001, lines: [] });
    expect(refundFor(facts({ today: '2030-04-01' })).refundCents).toBe(0);
  });

  it('refunds Moderate stays in full 5 days ahead, then half, rounded up for the guest', () => {
    expect(refundFor(facts({ policy: 'moderate', today: '2030-03-27' })).share).toBe('full');
    expect(refundFor(facts({ policy: 'moderate', today: '2030-03-28' }))).toMatchObject({ share: 'half', refundCents: 5_001 });
    expect(refundFor(facts({ policy: 'moderate', today: '2030-03-31' })).refundCents).toBe(5_001);
    expect(refundFor(facts({ policy: 'moderate', totalCents: 10_000, today: '2030-03-31' })).refundCents).toBe(5_000);
  });

  it('refunds Strict stays in full only within 48 hours of booking and 14 days ahead, then half until 7 days ahead', () => {
    const strict = (today: string, hoursAfterBooking: number) =>
      refundFor(facts({ policy: 'strict', today, now: new Date(bookedAt.getTime() + hoursAfterBooking * 3_600_000) })).share;
    expect(strict('2030-03-18', 48)).toBe('full');
    expect(strict('2030-03-18', 48.001)).toBe('half');
    expect(strict('2030-03-19', 1)).toBe('half');
    expect(strict('2030-03-25', 100)).toBe('half');
    expect(strict('2030-03-26', 100)).toBe('none');
    expect(strict('2030-03-26', 1)).toBe('none');
  });

  it("refunds a host's cancellation in full under every policy", () => {
    expect(refundFor(facts({ policy: 'strict', today: '2030-03-31', cancelledBy: 'host' })).refundCents).toBe(10_001);
  });
});

describe('refundChangesOn', () => {
  it('names the next room-calendar day on which the refund shrinks', () => {
    expect(refundChangesOn({ policy: 'flexible', checkIn: '2030-04-01', today: '2030-03-02' })).toBe('2030-04-01');
    expect(refundChangesOn({ policy: 'moderate', checkIn: '2030-04-01', today: '2030-03-02' })).toBe('2030-03-28');
    expect(refundChangesOn({ policy: 'moderate', checkIn: '2030-04-01', today: '2030-03-28' })).toBe('2030-04-01');
    expect(refundChangesOn({ policy: 'strict', checkIn: '2030-04-01', today: '2030-03-02' })).toBe('2030-03-19');
    expect(refundChangesOn({ policy: 'strict', checkIn: '2030-04-01', today: '2030-03-20' })).toBe('2030-03-26');
    expect(refundChangesOn({ policy: 'strict', checkIn: '2030-04-01', today: '2030-03-26' })).toBeNull();
  });

  it("ends Strict's grace 48 hours after booking", () => {
    expect(graceEndsAt(bookedAt).toISOString()).toBe('2030-03-03T12:00:00.000Z');
  });
});
