/** A schema of the domain's (zod or zod/mini): what an embedded answer is checked with. */
type Schema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

/**
 * What the server embedded in the page as JSON under `id` (apps/api/src/modules/web/web.ts, `withData`), checked like
 * any API answer; null when there is none or it does not parse. The element is removed either way, so nothing
 * is read twice.
 */
export function takeEmbedded<T>(id: string, schema: Schema<T>): T | null {
  const element = document.getElementById(id);
  if (!element) return null;
  element.remove();
  let embedded: unknown;
  try {
    embedded = JSON.parse(element.textContent ?? '');
  } catch {
    return null;
  }
  const parsed = schema.safeParse(embedded);
  return parsed.success ? parsed.data : null;
}
