import { describe, expect, it } from 'vitest';
import { csvDollars, csvFile, csvText } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+31 6 1234', "'+31 6 1234"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', `"'\r=cmd"`],
  ])('neutralises text a spreadsheet would run as a formula: %j', (text, cell) => {
    expect(csvText(text)).toBe(cell);
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes, and leaves plain text alone', () => {
    expect(csvText('Lakeside cabin')).toBe('Lakeside cabin');
    expect(csvText('Cabin, by the lake')).toBe('"Cabin, by the lake"');
    expect(csvText('The "best" cabin')).toBe('"The ""best"" cabin"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=A1, "x"')).toBe(`"'=A1, ""x"""`);
    expect(csvText(null)).toBe('');
    expect(csvText('a = b')).toBe('a = b');
  });

  it('writes money as signed dollars with two decimals, left a number', () => {
    expect(csvDollars(123_456)).toBe('1234.56');
    expect(csvDollars(-1_250)).toBe('-12.50');
    expect(csvDollars(-5)).toBe('-0.05');
    expect(csvDollars(0)).toBe('0.00');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(csvFile(['Date', 'Amount (USD)'], [['2026-11-29', '-12.50']])).toBe('Date,Amount (USD)\r\n2026-11-29,-12.50\r\n');
  });
});
