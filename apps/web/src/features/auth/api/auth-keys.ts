/** Every query key for identity comes from here. Sign-out keeps `authKeys.session()` and drops the rest. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  serverInfo: () => [...authKeys.all, 'server-info'] as const,
};
