/**
 * Maps `items` through `fn` with at most `limit` calls under way at once, answering the results in the items' order.
 * A call that fails fails the whole map (the others already started run on): callers that must carry on catch inside `fn`.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
