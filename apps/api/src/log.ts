/** What the background parts (the job worker, the sweepers, the payout run) log through: the server's logger, or a test's. */
export type Log = Record<'info' | 'warn' | 'error', (obj: object, msg: string) => void>;
