/**
 * The in-app path to go to after signing in, from a value a URL or history state carried.
 * Only a same-origin path (one leading '/', not '//' or '/\') is accepted, so a crafted link
 * cannot send someone to another site; anything else answers '/'.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are dropped by URL parsers and could hide a '//' prefix.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}

/** Where the login guard said the visitor was heading: `location.state.from`, with its search and hash. */
export function pathFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from) || typeof from.pathname !== 'string') {
    return '/';
  }
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return safeRedirectPath(`${from.pathname}${search}${hash}`);
}
