/*
 * Cancellation policies: what a host promises a guest who cancels, and the one refund rule the server applies
 * (docs/decisions/028-cancellation-policies.md). Free of zod, so the room page and the trip page take it
 * module by module.
 *
 * Days are counted as calendar dates where the room is: "5 days before check-in" compares the room's today
 * with the check-in date, so a stay's thresholds fall at the room's midnight whatever the guest's clock says.
 */
import { addDays, nightsBetween, type IsoDate } from './dates.js';
import type { Cents } from './money.js';
import type { QuoteLine, QuoteLineKind } from './quote.js';
import { stayHasStarted } from './stays.js';
import { i18n } from './locale.js';

import { type CancellationPolicy } from './cancellation-policies.js';

export { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY, isCancellationPolicy, type CancellationPolicy } from './cancellation-policies.js';

/** The thresholds, in days before the check-in date (room's calendar) and hours after booking. */
export const POLICY_TERMS = {
  moderateFullDays: 5,
  strictGraceHours: 48,
  strictGraceMinDays: 14,
  strictHalfDays: 7,
} as const;

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: /*i18n*/ 'Flexible',
  moderate: /*i18n*/ 'Moderate',
  strict: /*i18n*/ 'Strict',
};

/** What the host promises, as the room page, 'Review Info Before Reserve' and the trip page say it. */
export const CANCELLATION_POLICY_TEXTS: Record<CancellationPolicy, string> = {
  flexible: /*i18n*/ 'Full refund if you cancel before the check-in day.',
  moderate: `Full refund if you cancel at least ${POLICY_TERMS.moderateFullDays} days before check-in; after that, 50% of the total until the check-in day.`,
  strict: `Full refund if you cancel within ${POLICY_TERMS.strictGraceHours} hours of booking and at least ${POLICY_TERMS.strictGraceMinDays} days before check-in; otherwise 50% until ${POLICY_TERMS.strictHalfDays} days before check-in, and nothing after.`,
};

/** The policy's promise (CANCELLATION_POLICY_TEXTS) in the active language. */
export function cancellationPolicyText(policy: CancellationPolicy): string {
  switch (policy) {
    case 'flexible':
      return i18n.t('Full refund if you cancel before the check-in day.');
    case 'moderate':
      return i18n.t('Full refund if you cancel at least {days} days before check-in; after that, 50% of the total until the check-in day.', {
        days: POLICY_TERMS.moderateFullDays,
      });
    case 'strict':
      return i18n.t(
        'Full refund if you cancel within {hours} hours of booking and at least {days} days before check-in; otherwise 50% until {halfDays} days before check-in, and nothing after.',
        { hours: POLICY_TERMS.strictGraceHours, days: POLICY_TERMS.strictGraceMinDays, halfDays: POLICY_TERMS.strictHalfDays },
      );
  }
}

/** How much of the total comes back: all, half (rounded up, in the guest's favour) or none. */
export type RefundShare = 'full' | 'half' | 'none';

export type RefundFacts = {
  policy: CancellationPolicy;
  totalCents: Cents;
  /** The line items the stay was charged: the refund is worked out per line (`refundLines`). */
  lines?: readonly QuoteLine[];
  checkIn: IsoDate;
  /** When the stay was booked (the 48-hour rule). */
  bookedAt: Date;
  /** Today where the room is. */
  today: IsoDate;
  /** The moment of the cancellation. */
  now: Date;
  /** A host's cancellation always refunds in full. */
  cancelledBy?: 'guest' | 'host';
};

/** What one line of the price gives back. */
export type LineRefund = { kind: QuoteLineKind; refundCents: Cents };

export type Refund = { share: RefundShare; refundCents: Cents; totalCents: Cents; lines: LineRefund[] };

const HOUR_MS = 3_600_000;

function shareOf({ policy, checkIn, bookedAt, today, now, cancelledBy }: Omit<RefundFacts, 'totalCents'>): RefundShare {
  if (cancelledBy === 'host') return 'full';
  // On or after the check-in day the stay has started: nothing is refunded (and it cannot be cancelled).
  if (stayHasStarted(checkIn, today)) return 'none';
  const daysBefore = nightsBetween(today, checkIn);
  switch (policy) {
    case 'flexible':
      return 'full';
    case 'moderate':
      return daysBefore >= POLICY_TERMS.moderateFullDays ? 'full' : 'half';
    case 'strict': {
      const inGrace = now.getTime() - bookedAt.getTime() <= POLICY_TERMS.strictGraceHours * HOUR_MS;
      if (inGrace && daysBefore >= POLICY_TERMS.strictGraceMinDays) return 'full';
      return daysBefore >= POLICY_TERMS.strictHalfDays ? 'half' : 'none';
    }
  }
}

/** A share of an amount: all, half (rounded up, in the guest's favour) or none. */
function shareOfAmount(share: RefundShare, amountCents: Cents): Cents {
  return share === 'full' ? amountCents : share === 'half' ? Math.ceil(amountCents / 2) : 0;
}

/**
 * A refund line by line (docs/decisions/047-host-calendar-and-price-quote.md): the policy's share applies to what
 * the stay's nights cost (the nights after their discount, and the extra-guest fee, which is charged by the night);
 * the cleaning fee comes back in full, since a stay is only cancelled before check-in; the tax comes back in the
 * proportion of what it was charged on that comes back, rounded to the nearest cent. A discount line refunds
 * nothing of its own: the nights' line carries it.
 */
export function refundLines(lines: readonly QuoteLine[], share: RefundShare): LineRefund[] {
  const sum = (kinds: readonly QuoteLineKind[]) => lines.filter((l) => kinds.includes(l.kind)).reduce((t, l) => t + (l.credit ? -l.amountCents : l.amountCents), 0);
  const netNights = sum(['nights', 'weekly-discount', 'monthly-discount']);
  const nightsRefund = shareOfAmount(share, netNights);
  const guestFee = sum(['extra-guest-fee']);
  const guestFeeRefund = shareOfAmount(share, guestFee);
  const cleaning = sum(['cleaning-fee']);
  const taxed = netNights + guestFee + cleaning;
  const tax = sum(['tax']);
  const taxRefund = taxed > 0 ? Math.round((tax * (nightsRefund + guestFeeRefund + cleaning)) / taxed) : 0;
  // The marketplace's fee comes back in the policy's share, as the nights do (decision 049).
  const serviceFee = sum(['service-fee']);
  const refunds: LineRefund[] = [{ kind: 'nights', refundCents: nightsRefund }];
  if (cleaning > 0) refunds.push({ kind: 'cleaning-fee', refundCents: cleaning });
  if (guestFee > 0) refunds.push({ kind: 'extra-guest-fee', refundCents: guestFeeRefund });
  if (tax > 0) refunds.push({ kind: 'tax', refundCents: taxRefund });
  if (serviceFee > 0) refunds.push({ kind: 'service-fee', refundCents: shareOfAmount(share, serviceFee) });
  return refunds;
}

/** What a cancellation at `now` refunds, in integer cents: by line when the stay's lines are known. */
export function refundFor(facts: RefundFacts): Refund {
  return refundOfShare(shareOf(facts), facts.totalCents, facts.lines);
}

function refundOfShare(share: RefundShare, totalCents: Cents, lines: readonly QuoteLine[] | undefined): Refund {
  if (!lines || lines.length === 0 || share === 'full') {
    const refundCents = shareOfAmount(share, totalCents);
    return { share, refundCents, totalCents, lines: lines ? refundLines(lines, share) : [] };
  }
  const byLine = refundLines(lines, share);
  // Never more than was paid, whatever the rounding of the tax's part.
  const refundCents = Math.min(totalCents, byLine.reduce((total, line) => total + line.refundCents, 0));
  return { share, refundCents, totalCents, lines: byLine };
}

/**
 * A refund already made, line by line: the lines of the share that refunds exactly `refundedCents`, since the share
 * itself is not kept. Empty when no share does (a stay without stored lines, a refund decided before refunds
 * followed the lines, or an amount the provider reported otherwise): then only the total can be told.
 */
export function refundedLines(lines: readonly QuoteLine[], totalCents: Cents, refundedCents: Cents): LineRefund[] {
  if (lines.length === 0) return [];
  for (const share of ['full', 'half', 'none'] as const) {
    const refund = refundOfShare(share, totalCents, lines);
    if (refund.refundCents === refundedCents) return refund.lines;
  }
  return [];
}

/**
 * The next day (room's calendar) on which a guest's refund would shrink, or null when it cannot shrink any more
 * by the calendar (the 48-hour grace of Strict ends at an instant, not a day; `graceEndsAt` says when).
 */
export function refundChangesOn({ policy, checkIn, today }: Pick<RefundFacts, 'policy' | 'checkIn' | 'today'>): IsoDate | null {
  const candidates =
    policy === 'flexible'
      ? [checkIn]
      : policy === 'moderate'
        ? [addDays(checkIn, -(POLICY_TERMS.moderateFullDays - 1)), checkIn]
        : [addDays(checkIn, -(POLICY_TERMS.strictGraceMinDays - 1)), addDays(checkIn, -(POLICY_TERMS.strictHalfDays - 1))];
  return candidates.find((day) => day > today) ?? null;
}

/** When Strict's full refund after booking ends. */
export function graceEndsAt(bookedAt: Date): Date {
  return new Date(bookedAt.getTime() + POLICY_TERMS.strictGraceHours * HOUR_MS);
}
