/*
 * CSV files people open in a spreadsheet (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote or
 * line break in double quotes, its quotes doubled). Text someone typed is neutralised first: a spreadsheet runs a
 * cell that starts with =, +, - or @ (or a tab or carriage return before one) as a formula ("CSV injection", OWASP),
 * so such a cell gets a leading apostrophe, which the spreadsheet shows as text. Numbers we write ourselves are left
 * as numbers: a refund's '-12.50' must stay a number.
 */
import { centsToDollars, currencyDecimals } from '@staybook/domain';

/** A cell a spreadsheet would read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A field that needs quoting. */
const NEEDS_QUOTES = /[",\r\n]/;

function quoted(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A cell of text (from users or not): neutralised when it would start a formula, then quoted when it must be. */
export function csvText(value: string | null | undefined): string {
  const text = value ?? '';
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/** A cell of money in the marketplace's currency: '120.50' (dollars), '12000' (yen), signed, as a spreadsheet reads a number. */
export function csvDollars(cents: number): string {
  return centsToDollars(cents).toFixed(currencyDecimals());
}

/** A whole file: the header row and the rows (cells already written by `csvText` / `csvDollars`), CRLF line ends. */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header.map(csvText), ...rows].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
