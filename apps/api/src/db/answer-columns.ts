/** A column's value as the API answers it: a moment as its ISO 8601 string, anything else as it is (null stays null). */
type Answered<V> = V extends Date ? string : V;

/** The named columns of a row as the API answers them. */
export type AnsweredColumns<Row, K extends keyof Row> = { [P in K]: Answered<Row[P]> };

/**
 * The named columns of a stored row, as the API answers them: the moments (`timestamp` columns, read as dates) as ISO
 * 8601 strings, everything else as it is. A record's answer is its columns less what it keeps to itself (a token's
 * hash, an endpoint's secret), so naming them is the point: a column added later is not answered until it is named.
 */
export function answerColumns<Row extends object, K extends keyof Row>(row: Row, columns: readonly K[]): AnsweredColumns<Row, K> {
  const answer: Partial<Record<K, unknown>> = {};
  for (const column of columns) {
    const value = row[column];
    answer[column] = value instanceof Date ? value.toISOString() : value;
  }
  return answer as AnsweredColumns<Row, K>;
}
