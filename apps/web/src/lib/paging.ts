import { apiRequest, type ResponseSchema } from './api-client';

/** What asks for one page of a list the API answers in pages: where it starts (null: the first page), how many, the abort. */
export interface PageRequest {
  cursor: string | null;
  /** The list's own page size when absent. */
  limit?: number;
  signal?: AbortSignal | undefined;
}

/** `path` asking for one page: the page size when given, then the cursor (none on the first page). */
export function pagePath(path: string, { cursor, limit }: Omit<PageRequest, 'signal'>): string {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** One page of the list at `path`, checked against its schema. */
export function fetchPage<Page>(path: string, schema: ResponseSchema<Page>, { signal, ...page }: PageRequest): Promise<Page> {
  return apiRequest(pagePath(path, page), schema, { signal: signal ?? null });
}

type PageFetcher<Page> = (cursor: string | null, signal: AbortSignal) => Promise<Page>;

/** An infinite query's paging for a list the API answers in pages: the first page has no cursor, and each page names the next. */
export function cursorPages<Page extends { nextCursor: string | null }>(fetchOne: PageFetcher<Page>): CursorPages<Page> {
  return {
    queryFn: ({ pageParam, signal }) => fetchOne(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
  };
}

interface CursorPages<Page> {
  queryFn: (context: { pageParam: string | null; signal: AbortSignal }) => Promise<Page>;
  initialPageParam: string | null;
  getNextPageParam: (page: Page) => string | null;
}
