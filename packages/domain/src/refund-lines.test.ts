import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundedLines, refundFor, refundLines, type RefundShare } from './cancellation.js';
import { DEFAULT_LISTING_RULES } from './listing-rules.js';
import { quoteStay } from './quote.js';

const bookedAt = new Date('2030-03-01T12:00:00Z');
/** $100 a night (Fri and Sat $150), 10% weekly discount, $60 cleaning, $20 a night for the third guest, 10% tax. */
const RULES = {
  ...DEFAULT_LISTING_RULES,
  priceCents: 10_000,
  weekendPriceCents: 15_000,
  weeklyDiscountPct: 10,
  cleaningFeeCents: 6_000,
  extraGuestFeeCents: 2_000,
  guestsIncluded: 2,
  taxRateBp: 1_000,
};

describe('refunds by line', () => {
  // Mon 2030-04-01 for 7 nights: 5 × $100 + 2 × $150 = $800, less 10% = $720; cleaning $60; 1 guest × 7 × $20 = $140; tax 10% of $920 = $92.
  const quote = quoteStay(RULES, [], { from: '2030-04-01', to: '2030-04-08' }, 3);

  it('gives back half the nights and the extra-guest fee, the whole cleaning fee and the tax on what comes back', () => {
    expect(quote.totalCents).toBe(72_000 + 6_000 + 14_000 + 9_200);
    expect(refundLines(quote.lines, 'half')).toEqual([
      { kind: 'nights', refundCents: 36_000 },
      { kind: 'cleaning-fee', refundCents: 6_000 },
      { kind: 'extra-guest-fee', refundCents: 7_000 },
      { kind: 'tax', refundCents: 4_900 },
    ]);
    const refund = refundFor({ policy: 'moderate', totalCents: quote.totalCents, lines: quote.lines, checkIn: '2030-04-01', bookedAt, today: '2030-03-30', now: bookedAt });
    expect(refund).toMatchObject({ share: 'half', refundCents: 36_000 + 6_000 + 7_000 + 4_900 });
  });

  it('tells a refund already made line by line from its amount, and nothing when no share accounts for it', () => {
    for (const share of ['full', 'half', 'none'] as const) {
      const byLine = refundLines(quote.lines, share);
      const amount = share === 'full' ? quote.totalCents : byLine.reduce((total, line) => total + line.refundCents, 0);
      expect(refundedLines(quote.lines, quote.totalCents, amount), share).toEqual(byLine);
    }
    expect(refundedLines(quote.lines, quote.totalCents, 12_345)).toEqual([]);
    expect(refundedLines([], quote.totalCents, quote.totalCents)).toEqual([]);
  });

  it("gives back the marketplace's service fee in the policy's share, as the nights", () => {
    // 10% of $920 (what the host charges, before tax) is $92, on top of the stay's $1,012.
    const withFee = quoteStay(RULES, [], { from: '2030-04-01', to: '2030-04-08' }, 3, { guestFeeBp: 1_000 });
    expect(withFee.lines.at(-1)).toEqual({ kind: 'service-fee', amountCents: 9_200, credit: false, rateBp: 1_000 });
    expect(withFee.totalCents).toBe(quote.totalCents + 9_200);
    const fee = (share: RefundShare) => refundLines(withFee.lines, share).find((line) => line.kind === 'service-fee')?.refundCents;
    expect([fee('full'), fee('half'), fee('none')]).toEqual([9_200, 4_600, 0]);
    // The other lines are refunded as without the fee.
    expect(refundLines(withFee.lines, 'half').filter((line) => line.kind !== 'service-fee')).toEqual(refundLines(quote.lines, 'half'));
  });

  it('gives back the cleaning fee and its tax when the policy keeps the nights', () => {
    const refund = refundFor({ policy: 'strict', totalCents: quote.totalCents, lines: quote.lines, checkIn: '2030-04-01', bookedAt, today: '2030-03-30', now: new Date('2030-03-30T12:00:00Z') });
    expect(refund).toMatchObject({ share: 'none', refundCents: 6_000 + 600 });
  });

  it('gives back everything on a full refund, and half of a one-line stay rounded up as before', () => {
    expect(refundFor({ policy: 'flexible', totalCents: quote.totalCents, lines: quote.lines, checkIn: '2030-04-01', bookedAt, today: '2030-03-30', now: bookedAt }).refundCents).toBe(quote.totalCents);
    const plain = quoteStay({ ...DEFAULT_LISTING_RULES, priceCents: 10_001 }, [], { from: '2030-04-01', to: '2030-04-02' }, 1);
    expect(refundLines(plain.lines, 'half')).toEqual([{ kind: 'nights', refundCents: 5_001 }]);
  });

  it('never refunds a negative amount or more than was paid, whatever the rules and the share', () => {
    fc.assert(
      fc.property(
        fc.record({
          priceCents: fc.integer({ min: 100, max: 1_000_000 }),
          cleaningFeeCents: fc.integer({ min: 0, max: 100_000 }),
          extraGuestFeeCents: fc.integer({ min: 0, max: 50_000 }),
          weeklyDiscountPct: fc.integer({ min: 0, max: 90 }),
          monthlyDiscountPct: fc.integer({ min: 0, max: 90 }),
          taxRateBp: fc.integer({ min: 0, max: 3_000 }),
        }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<RefundShare>('full', 'half', 'none'),
        (rules, nights, guests, share) => {
          const stay = { from: '2030-04-01', to: new Date(Date.UTC(2030, 3, 1 + nights)).toISOString().slice(0, 10) };
          const { lines, totalCents } = quoteStay({ ...DEFAULT_LISTING_RULES, ...rules }, [], stay, guests);
          const refunds = refundLines(lines, share);
          const refunded = refunds.reduce((sum, line) => sum + line.refundCents, 0);
          expect(refunds.every((line) => Number.isInteger(line.refundCents) && line.refundCents >= 0)).toBe(true);
          expect(refunded).toBeLessThanOrEqual(totalCents);
          if (share === 'full') expect(refunded).toBe(totalCents);
        },
      ),
      { seed: 47, numRuns: 300 },
    );
  });
});
