import { addMonths, dateFormat, todayIso } from '@staybook/domain/dates';
import { financeQuerySchema, type FinanceQuery } from '@staybook/domain/finance';
import { keepPreviousData } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

/*
 * A period of whole months as the money pages take it (Finance for admins, Earnings for hosts: the domain's
 * `financeQuerySchema`, which `earningsQuerySchema` is): the months it opens on, and the check of months as typed.
 */

/** The month it is now in UTC, 'YYYY-MM': the ledger's months are UTC months. */
export function currentMonth(now: Date = new Date()): string {
  return todayIso(now).slice(0, 7);
}

/** The period a money page opens on: the last 12 months, the current one included. */
export function defaultPeriod(now: Date = new Date()): FinanceQuery {
  const to = currentMonth(now);
  return { from: addMonths(to, -11), to };
}

/**
 * How a money page's report of a period is fetched: afresh on opening, as bookings, refunds and payouts move money
 * all day; while another period loads, the one before stays on screen.
 */
export const PERIOD_REPORT_QUERY = { staleTime: 0, placeholderData: keepPreviousData } as const;

export type PeriodErrors = Partial<Record<keyof FinanceQuery, string>>;

const PERIOD_FIELDS = ['from', 'to'] as const;

/** The first message the schema gives for each field it names. */
function messagesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[], errors: PeriodErrors = {}): PeriodErrors {
  for (const { path, message } of issues) {
    const field = PERIOD_FIELDS.find((name) => name === path[0]);
    if (field) errors[field] ??= message;
  }
  return errors;
}

/**
 * The period as typed, checked as the API checks it: the period, or a message for each field that is wrong. Each
 * month is checked on its own first: the schema's checks of the period would read a malformed month as a nonsense
 * one and add a message of their own about it.
 */
export function checkPeriod(typed: FinanceQuery): { period: FinanceQuery } | { errors: PeriodErrors } {
  const errors: PeriodErrors = {};
  for (const field of PERIOD_FIELDS) {
    const month = financeQuerySchema.shape[field].safeParse(typed[field]);
    if (!month.success) errors[field] = month.error.issues[0]?.message ?? 'Not a month';
  }
  if (Object.keys(errors).length > 0) return { errors };
  const checked = financeQuerySchema.safeParse(typed);
  return checked.success ? { period: checked.data } : { errors: messagesByField(checked.error.issues) };
}

/** What the server said about the period's months, should it refuse one the page took. */
export function refusedMonths(error: unknown): PeriodErrors | null {
  if (!(error instanceof ApiRequestError)) return null;
  const { from, to } = error.fields;
  return from || to ? { from, to } : null;
}

/** 'Nov 2026': a month ('2026-11') as its row of figures names it. */
export function formatShortMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, monthNumber! - 1, 1)));
}
