import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundLines, type RefundShare } from './cancellation.js';
import { DEFAULT_LISTING_RULES } from './listing-rules.js';
import { quoteStay } from './quote.js';
import { hostPayoutOf, refundMoney, stayMoney, type StayMoney } from './stay-money.js';

/** $100 a night, $60 cleaning, 10% tax, and a 12% service fee on top. */
const RULES = { ...DEFAULT_LISTING_RULES, priceCents: 10_000, cleaningFeeCents: 6_000, taxRateBp: 1_000 };
const quote = quoteStay(RULES, [], { from: '2030-04-01', to: '2030-04-04' }, 2, { guestFeeBp: 1_200 });

const addsUp = (money: StayMoney) => money.hostChargesCents + money.taxCents + money.serviceFeeCents === money.totalCents && money.hostShareCents + money.commissionCents === money.hostChargesCents;

describe("a stay's money", () => {
  it('splits the price into the host charges, the tax and the service fee, and takes the commission from the charges', () => {
    // 3 × $100 + $60 = $360 charged by the host; tax $36; service fee 12% of $360 = $43.20; commission 3% = $10.80.
    expect(stayMoney(quote.lines, quote.totalCents, 300)).toEqual({
      totalCents: 43_920,
      hostChargesCents: 36_000,
      taxCents: 3_600,
      serviceFeeCents: 4_320,
      commissionCents: 1_080,
      hostShareCents: 34_920,
    });
  });

  it('gives back the tax and the service fee a refund shows line by line, and the commission on the charges refunded', () => {
    const half = refundLines(quote.lines, 'half').reduce((total, line) => total + line.refundCents, 0);
    // Half the nights ($150) and the whole cleaning fee ($60) come back: $210 of charges, $21 of tax, half the fee.
    expect(refundMoney(quote.lines, quote.totalCents, half, 300)).toEqual({
      totalCents: half,
      hostChargesCents: 21_000,
      taxCents: 2_100,
      serviceFeeCents: 2_160,
      commissionCents: 1_080 - 450,
      hostShareCents: 21_000 - 630,
    });
    expect(hostPayoutOf(quote.lines, quote.totalCents, quote.totalCents - half, 300)).toEqual({ commissionCents: 450, payoutCents: 15_000 - 450 + 1_500 });
  });

  it('splits a refund no policy share gives in proportion, and a stay without lines is all the host’s', () => {
    expect(refundMoney(quote.lines, quote.totalCents, 10_000, 0)).toMatchObject({ taxCents: 820, serviceFeeCents: 984, commissionCents: 0 });
    expect(stayMoney([], 20_000, 1_000)).toMatchObject({ hostChargesCents: 20_000, taxCents: 0, serviceFeeCents: 0, commissionCents: 2_000 });
    expect(refundMoney([], 20_000, 0, 1_000)).toEqual({ totalCents: 0, hostChargesCents: 0, taxCents: 0, serviceFeeCents: 0, commissionCents: 0, hostShareCents: 0 });
  });

  it('always adds up, and what was kept and what went back make the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }), // the check-out day in May: stays of 30 to 59 nights
        fc.integer({ min: 0, max: 2_500 }),
        fc.integer({ min: 0, max: 2_500 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.oneof(fc.constantFrom<RefundShare>('full', 'half', 'none'), fc.double({ min: 0, max: 1, noNaN: true })),
        (checkOutDay, guestFeeBp, commissionBp, taxRateBp, refund) => {
          const q = quoteStay({ ...RULES, taxRateBp }, [], { from: '2030-04-01', to: `2030-05-${String(checkOutDay).padStart(2, '0')}` }, 2, { guestFeeBp });
          const refundedCents =
            typeof refund === 'number' ? Math.floor(q.totalCents * refund) : Math.min(q.totalCents, refundLines(q.lines, refund).reduce((t, l) => t + l.refundCents, 0));
          const whole = stayMoney(q.lines, q.totalCents, commissionBp);
          const back = refundMoney(q.lines, q.totalCents, refundedCents, commissionBp);
          expect(addsUp(whole) && addsUp(back)).toBe(true);
          for (const part of ['hostChargesCents', 'taxCents', 'serviceFeeCents', 'commissionCents', 'hostShareCents'] as const) {
            expect(back[part]).toBeGreaterThanOrEqual(0);
            expect(back[part]).toBeLessThanOrEqual(whole[part]);
          }
        },
      ),
    );
  });
});
