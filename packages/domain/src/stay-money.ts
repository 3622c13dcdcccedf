/*
 * Who a stay's money belongs to (docs/decisions/049-marketplace-money.md): of what the guest paid, the service fee
 * and the commission are the marketplace's, the tax is collected for the host to remit, and the rest is the host's
 * share. The ledger posts these parts when a payment is captured and when some of it is refunded; the host's pages
 * show them. Integer cents; every split adds up exactly to the amount it splits.
 */
import { refundedLines } from './cancellation.js';
import type { Cents } from './money.js';
import type { QuoteLine } from './quote.js';

/** The parts of an amount the guest paid (or was refunded): they add up to `totalCents`. */
export type StayMoney = {
  totalCents: Cents;
  /** What the host charges for the stay: the nights after discount, the cleaning and extra-guest fees. */
  hostChargesCents: Cents;
  taxCents: Cents;
  serviceFeeCents: Cents;
  /** The marketplace's commission, taken from the host's charges. */
  commissionCents: Cents;
  /** The host's charges less the commission. */
  hostShareCents: Cents;
};

/** Basis points of an amount, to the nearest cent, halves up: as the quote rounds every percentage line. */
export function commissionOn(amountCents: Cents, commissionBp: number): Cents {
  return Math.round((Math.max(0, amountCents) * commissionBp) / 10_000);
}

function sumOf(lines: readonly QuoteLine[], kind: QuoteLine['kind']): Cents {
  return lines.filter((line) => line.kind === kind).reduce((total, line) => total + (line.credit ? -line.amountCents : line.amountCents), 0);
}

function parts(totalCents: Cents, taxCents: Cents, serviceFeeCents: Cents, commissionCents: Cents): StayMoney {
  const hostChargesCents = totalCents - taxCents - serviceFeeCents;
  return { totalCents, hostChargesCents, taxCents, serviceFeeCents, commissionCents, hostShareCents: hostChargesCents - commissionCents };
}

/**
 * The parts of a stay's whole price. A stay without stored lines (booked before prices had lines) was all the host's
 * charges.
 */
export function stayMoney(lines: readonly QuoteLine[], totalCents: Cents, commissionBp: number): StayMoney {
  const taxCents = sumOf(lines, 'tax');
  const serviceFeeCents = sumOf(lines, 'service-fee');
  return parts(totalCents, taxCents, serviceFeeCents, commissionOn(totalCents - taxCents - serviceFeeCents, commissionBp));
}

/**
 * The parts of a refund of `refundedCents` on a stay: the tax and the service fee as the guest's receipt shows them
 * line by line, or, for an amount no policy share gives (a provider's own figure), in proportion to the price. The
 * commission given back is what makes the commission on what the host keeps exactly the rate on it, so the
 * marketplace never keeps commission on money that went back to the guest.
 */
export function refundMoney(lines: readonly QuoteLine[], totalCents: Cents, refundedCents: Cents, commissionBp: number): StayMoney {
  const whole = stayMoney(lines, totalCents, commissionBp);
  if (refundedCents >= totalCents) return whole;
  if (refundedCents <= 0) return parts(0, 0, 0, 0);
  const byLine = refundedLines(lines, totalCents, refundedCents);
  const lineRefund = (kind: QuoteLine['kind']) => byLine.find((line) => line.kind === kind)?.refundCents ?? 0;
  const proportion = (amountCents: Cents) => (totalCents > 0 ? Math.round((amountCents * refundedCents) / totalCents) : 0);
  const taxCents = byLine.length > 0 ? lineRefund('tax') : proportion(whole.taxCents);
  const serviceFeeCents = byLine.length > 0 ? lineRefund('service-fee') : proportion(whole.serviceFeeCents);
  const keptCharges = whole.hostChargesCents - (refundedCents - taxCents - serviceFeeCents);
  return parts(refundedCents, taxCents, serviceFeeCents, whole.commissionCents - commissionOn(keptCharges, commissionBp));
}

/** The parts of what a stay kept of its price (`keptCents`): the whole less what was refunded. */
export function keptMoney(lines: readonly QuoteLine[], totalCents: Cents, keptCents: Cents, commissionBp: number): StayMoney {
  const whole = stayMoney(lines, totalCents, commissionBp);
  const back = refundMoney(lines, totalCents, totalCents - keptCents, commissionBp);
  const taxCents = whole.taxCents - back.taxCents;
  const serviceFeeCents = whole.serviceFeeCents - back.serviceFeeCents;
  return parts(whole.totalCents - back.totalCents, taxCents, serviceFeeCents, whole.commissionCents - back.commissionCents);
}

/** What the host is paid for a stay that kept `keptCents` of its price: their share and the tax, after commission. */
export function hostPayoutOf(lines: readonly QuoteLine[], totalCents: Cents, keptCents: Cents, commissionBp: number): { commissionCents: Cents; payoutCents: Cents } {
  const kept = keptMoney(lines, totalCents, keptCents, commissionBp);
  return { commissionCents: kept.commissionCents, payoutCents: kept.hostShareCents + kept.taxCents };
}
