/*
 * The cancellation policies' names, apart from their rules and texts (cancellation.ts): the room's shape names them,
 * and the home page's first paint draws rooms, so it takes these few bytes and not the promises' sentences
 * (docs/decisions/050-first-paint-room-for-pages.md: a module the first paint shares with a lazy page loads whole).
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'flexible';

export function isCancellationPolicy(value: unknown): value is CancellationPolicy {
  return typeof value === 'string' && (CANCELLATION_POLICIES as readonly string[]).includes(value);
}
