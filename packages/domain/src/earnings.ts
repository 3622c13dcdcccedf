import { z } from 'zod';
import { i18n } from './locale.js';
import { addMonthsToDate, isIsoDate, nightsBetween, todayIso, type IsoDate } from './dates.js';
import { marketplaceCurrency, type CurrencyCode } from './money.js';
import { financeQuerySchema, monthFiguresSchema, monthFiguresShape } from './finance.js';
import { payoutSchema, PAYOUT_STATUSES } from './payouts.js';
import { isoDateSchema } from './rooms.js';

/*
 * A host's earnings (docs/decisions/049-marketplace-money.md), read from their entries in the ledger: what they hold
 * now, per listing and per month; each payout's statement (the stays it paid); and their entries as a CSV file.
 * Amounts are the host's: their share of each stay (after the marketplace's commission) and the tax collected with it.
 */

/** The months of the Earnings page's figures: the same bounded period as Finance's (UTC months, at most 36). */
export const earningsQuerySchema = financeQuerySchema;
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

/** What the host holds now, each in cents; together they are every share and tax their stays kept. */
export const earningsBalancesSchema = z.object({
  /** Shares (and their tax) of stays not yet 24 hours past check-in. */
  upcomingCents: z.int(),
  /** Released and waiting for the next payout; below zero when a refund came after the stay was paid out. */
  availableCents: z.int(),
  /** Payouts sent and not yet confirmed by the bank. */
  inTransitCents: z.int(),
  paidCents: z.int(),
});
export type EarningsBalances = z.infer<typeof earningsBalancesSchema>;

/**
 * One listing's money since its first stay. What its stays were booked for less what refunds took back is exactly
 * what is upcoming, available, on its way and paid: `bookedCents − refundedCents = upcoming + available + inTransit + paid`.
 */
export const listingEarningsSchema = earningsBalancesSchema.extend({
  roomId: z.uuid(),
  /** The listing's title now. */
  title: z.string(),
  /** How many stays were paid for (cancelled ones included, with what their refunds took back beside them). */
  stays: z.int(),
  /** The host's share and tax of every stay, as the guests paid them. */
  bookedCents: z.int(),
  /** What refunds to guests took back from that (a positive amount). */
  refundedCents: z.int(),
});
export type ListingEarnings = z.infer<typeof listingEarningsSchema>;

/** The month table's columns, in order, each a movement of the month (UTC month): the page and its tests read them from here. */
export const EARNINGS_MONTH_COLUMNS = [
  /** The host's share and tax of the stays booked and paid for in the month. */
  { key: 'bookedCents', label: /*i18n*/ 'Booked' },
  /** What refunds in the month took back (a positive amount). */
  { key: 'refundedCents', label: /*i18n*/ 'Refunded' },
  /** What became available in the month (24 hours after each check-in), less refunds taken from released money. */
  { key: 'releasedCents', label: /*i18n*/ 'Released' },
  /** What payouts brought to the host's bank in the month. */
  { key: 'paidCents', label: /*i18n*/ 'Paid out' },
] as const;

export const monthEarningsFiguresSchema = monthFiguresSchema(EARNINGS_MONTH_COLUMNS);
export type MonthEarningsFigures = z.infer<typeof monthEarningsFiguresSchema>;

/** `GET /api/earnings?from=&to=`: the host's balances now, each listing's money, and the months asked for. */
export const earningsReportSchema = z.object({
  balances: earningsBalancesSchema,
  /** Every listing that had a paid stay, by title. */
  listings: z.array(listingEarningsSchema),
  /** Every month from `from` to `to`, and their totals. */
  ...monthFiguresShape(monthEarningsFiguresSchema),
});
export type EarningsReport = z.infer<typeof earningsReportSchema>;

export const payoutIdSchema = z.uuid({ message: 'Payout id is malformed' });
export const payoutParamsSchema = z.object({ payoutId: payoutIdSchema });

/** One stay on a payout's statement: what of it this payout paid. */
export const statementStaySchema = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  /** The room as it was booked. */
  roomTitle: z.string(),
  checkIn: isoDateSchema,
  checkOut: isoDateSchema,
  /** The guest's name, as Manage Bookings shows it. */
  guestName: z.string(),
  /** The host's share of the stay, after commission, when this payout paid it (0 when it pays back a refund only). */
  shareCents: z.int(),
  /** The tax collected with it, for the host to remit. */
  taxCents: z.int(),
  /** What a refund to the guest took back, netted here (a positive amount). */
  refundedCents: z.int(),
  /** `shareCents + taxCents − refundedCents`: what this payout paid for the stay (below zero for a refund alone). */
  netCents: z.int(),
});
export type StatementStay = z.infer<typeof statementStaySchema>;

/** `GET /api/earnings/payouts/:payoutId`: one of the host's payouts and the stays it covers. */
export const payoutStatementSchema = z.object({
  payout: payoutSchema,
  hostName: z.string(),
  /** By check-in date. */
  stays: z.array(statementStaySchema),
  totals: statementStaySchema.pick({ shareCents: true, taxCents: true, refundedCents: true, netCents: true }),
  /**
   * What the payout paid beyond its stays: zero in the normal course. A stay released while the payout was being
   * written can land on the other side of the line; this says so rather than let the sum differ from the amount.
   */
  otherCents: z.int(),
  /** For a failed payout: the later payout that sent its stays' money again, or null while none has. */
  paidWith: z.object({ id: z.uuid(), asOf: z.iso.date(), status: z.enum(PAYOUT_STATUSES) }).nullable(),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;

/** The longest range one CSV file of entries covers. */
export const EARNINGS_CSV_MAX_DAYS = 366;

const dateSchema = z.string().refine(isIsoDate, { message: 'Expected a date as YYYY-MM-DD' });

/** How far ahead a CSV file of entries may reach, in years. */
export const EARNINGS_CSV_MAX_YEARS_AHEAD = 5;

/**
 * The last day a CSV file of entries may reach at `now` (UTC days). Entries are posted as things happen, so a later
 * day holds none; a range a little ahead (this year to its end) is an empty file, a date in year 9999 is no period.
 */
export function lastEarningsCsvDay(now: Date = new Date()): IsoDate {
  return addMonthsToDate(todayIso(now), 12 * EARNINGS_CSV_MAX_YEARS_AHEAD);
}

/** Whether both days are well written: the range's own checks speak only then (each day's error is its own). */
const bothDays = ({ from, to }: { from: unknown; to: unknown }) => isIsoDate(from) && isIsoDate(to);

/** `GET /api/earnings/entries.csv?from=&to=`: the host's ledger entries posted from the first day to the last (UTC). */
export const earningsEntriesQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine(({ from, to }) => !bothDays({ from, to }) || from <= to, { error: () => i18n.t('The first day must not come after the last'), path: ['to'] })
  .refine(({ to }) => !isIsoDate(to) || to <= lastEarningsCsvDay(), {
    error: () => i18n.t('The last day can be at most {max} years ahead', { max: EARNINGS_CSV_MAX_YEARS_AHEAD }),
    path: ['to'],
  })
  .refine(({ from, to }) => !bothDays({ from, to }) || nightsBetween(from, to) < EARNINGS_CSV_MAX_DAYS, {
    error: () => i18n.t('At most {max} days at a time', { max: EARNINGS_CSV_MAX_DAYS }),
    path: ['to'],
  });
export type EarningsEntriesQuery = z.infer<typeof earningsEntriesQuerySchema>;

/** The CSV file's columns, in order, the amount in the marketplace's currency ('Amount (USD)'). */
export function earningsCsvHeader(currency: CurrencyCode = marketplaceCurrency()): readonly string[] {
  return ['Date', 'Entry', 'Booking reference', 'Room', 'Payout', 'Account', `Amount (${currency})`];
}
/** The columns of a marketplace in US dollars. */
export const EARNINGS_CSV_HEADER = earningsCsvHeader('USD');
