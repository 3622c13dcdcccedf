import { z } from 'zod';
import { paymentProviderNameSchema } from './bookings.js';
import { i18n } from './locale.js';
import { isoDateSchema } from './rooms.js';
import { monthSchema } from './stats.js';

/*
 * The marketplace's money as an accountant reads it (docs/decisions/049-marketplace-money.md): figures per month from
 * the ledger, and a reconciliation of the ledger with the payment provider's own records.
 */

/** The most months one Finance answer covers. */
export const FINANCE_MAX_MONTHS = 36;

/** Whether both months are well written: the period's own checks speak only then (each month's error is its own). */
const bothMonths = ({ from, to }: { from: unknown; to: unknown }) => monthSchema.safeParse(from).success && monthSchema.safeParse(to).success;

export const financeQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .refine(({ from, to }) => !bothMonths({ from, to }) || from <= to, {
    error: () => i18n.t('The first month must not come after the last'),
    path: ['to'],
  })
  .refine(({ from, to }) => !bothMonths({ from, to }) || monthsBetween(from, to) <= FINANCE_MAX_MONTHS, {
    error: () => i18n.t('At most {max} months at a time', { max: FINANCE_MAX_MONTHS }),
    path: ['to'],
  });
export type FinanceQuery = z.infer<typeof financeQuerySchema>;

/** How many months `from` to `to` covers, both included. */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/**
 * A ledger report's figures by month (Finance's and Earnings'): every month asked for, oldest first, zero when nothing
 * happened, each with its figures, and the figures' totals.
 */
export function monthFiguresShape<Figures extends z.ZodRawShape>(figures: z.ZodObject<Figures>) {
  return { months: z.array(figures.extend({ month: monthSchema })), totals: figures };
}

/** A column of a month table: a figure, by its key, and its heading. */
export type MonthColumn<Key extends string> = { readonly key: Key; readonly label: string };

/**
 * One month's figures, each in cents, as the month table's columns name them and in their order: the pages, the CSV
 * files and their tests read the columns from the domain, and the answer's shape is written from the same list.
 */
export function monthFiguresSchema<const Key extends string>(columns: readonly MonthColumn<Key>[]) {
  return z.object(Object.fromEntries(columns.map(({ key }) => [key, z.int()])) as Record<Key, z.ZodInt>);
}

/** Finance's month table: each figure from the journals posted in the month. */
export const FINANCE_COLUMNS = [
  /** What guests paid for the stays captured (before refunds). */
  { key: 'grossBookingsCents', label: 'Gross bookings' },
  /** The service fees the marketplace kept (less what refunds gave back). */
  { key: 'guestFeesCents', label: 'Guest fees' },
  /** The commissions the marketplace kept (less what refunds gave back). */
  { key: 'commissionsCents', label: 'Commissions' },
  /** Tax collected for hosts to remit (less what refunds gave back). */
  { key: 'taxCollectedCents', label: 'Tax collected' },
  { key: 'refundsCents', label: 'Refunds' },
  /** Payouts that reached hosts' banks. */
  { key: 'payoutsSentCents', label: 'Payouts sent' },
] as const;

export const financeFiguresSchema = monthFiguresSchema(FINANCE_COLUMNS);
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

/** `GET /api/admin/finance?from=&to=`: the months asked for, oldest first (every month, zero when nothing happened). */
export const financeReportSchema = z.object({
  ...monthFiguresShape(financeFiguresSchema),
  /** Now, whatever the months: what the marketplace holds for hosts and has not paid out yet. */
  owedToHosts: z.object({
    /** Shares of stays not yet 24 hours past check-in, with their tax. */
    pendingCents: z.int(),
    /** Released and waiting for the next payout (less refunds taken back after a payout). */
    availableCents: z.int(),
    /** Payouts sent and not yet confirmed. */
    inTransitCents: z.int(),
  }),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;

export const RECONCILIATION_KINDS = ['capture', 'refund', 'transfer'] as const;

/**
 * What a difference is about, as its figures: a booking (by its reference), a payout of ours (its day and host), or a
 * record only the provider has (a transfer: its day and the account it went to, with that account's host when we know
 * them; a capture: its day). `reconciliationSubjectText` writes it as Finance shows it, in the page's language.
 */
export const reconciliationSubjectSchema = z.discriminatedUnion('record', [
  z.object({ record: z.literal('booking'), reference: z.string() }),
  z.object({ record: z.literal('payout'), date: isoDateSchema, hostName: z.string() }),
  z.object({ record: z.literal('provider-transfer'), date: isoDateSchema, hostName: z.string().nullable(), destination: z.string() }),
  z.object({ record: z.literal('provider-capture'), date: isoDateSchema }),
]);
export type ReconciliationSubject = z.infer<typeof reconciliationSubjectSchema>;

/** A difference's subject in the active language: 'SB-7K3Q-9M2D', 'Payout of 2026-11-05 to Hana Host'. */
export function reconciliationSubjectText(subject: ReconciliationSubject): string {
  switch (subject.record) {
    case 'booking':
      return subject.reference;
    case 'payout':
      return i18n.t('Payout of {date} to {host}', { date: subject.date, host: subject.hostName });
    case 'provider-transfer':
      return subject.hostName === null
        ? i18n.t('Transfer of {date} to {destination}', { date: subject.date, destination: subject.destination })
        : i18n.t('Transfer of {date} to {host} ({destination})', { date: subject.date, host: subject.hostName, destination: subject.destination });
    case 'provider-capture':
      return i18n.t('Capture of {date}', { date: subject.date });
  }
}

/** One disagreement between the ledger and the provider. */
export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_KINDS),
  /** The booking's reference (SB-…) or the payout's day and host, as an admin finds it (English). */
  subject: z.string(),
  /** The same, as its figures, for a page to write in its language (`reconciliationSubjectText`). */
  subjectFacts: reconciliationSubjectSchema,
  /** The provider's id of the payment or transfer. */
  providerId: z.string().nullable(),
  ledgerCents: z.int(),
  providerCents: z.int().nullable(),
  /** What differs, in words. */
  note: z.string(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/** `GET /api/admin/finance/reconciliation?month=`: the month's payments and payouts checked with the provider. */
export const reconciliationReportSchema = z.object({
  month: monthSchema,
  provider: paymentProviderNameSchema,
  checked: z.object({ payments: z.int(), payouts: z.int() }),
  differences: z.array(reconciliationDifferenceSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationQuerySchema = z.object({ month: monthSchema });
