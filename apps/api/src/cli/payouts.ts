import { isIsoDate, todayIso } from '@staybook/domain';
import { loadConfig } from '../config.js';
import { createPaymentProvider } from '../integrations/payments/index.js';
import { runPayouts } from '../modules/payouts/payout-run.js';
import { runAsCommand, withOperatorDatabase } from './operator-command.js';

/**
 * `npm run payouts -- --as-of=YYYY-MM-DD`: pays what is due on a day, as the server's daily run does, releasing first
 * every host's share due by that day (docs/decisions/049-marketplace-money.md). Without `--as-of`, today (UTC). A day
 * in the future is refused in production, where it would pay hosts before their guests arrived. Run twice for one
 * day, it pays nobody twice. The mails it queues are sent by a running server. On the embedded database it refuses
 * while a server holds the data directory.
 */
async function main(argv: string[]): Promise<number> {
  const option = argv.find((arg) => arg.startsWith('--as-of='));
  const asOf = option ? option.slice('--as-of='.length) : todayIso();
  if (argv.some((arg) => !arg.startsWith('--as-of=')) || !isIsoDate(asOf)) {
    console.error('Usage: npm run payouts -- [--as-of=YYYY-MM-DD]');
    return 2;
  }
  const config = loadConfig();
  if (config.env === 'production' && asOf > todayIso()) {
    console.error(`${asOf} is in the future: in production a run pays only what is due by today (${todayIso()}).`);
    return 2;
  }
  return withOperatorDatabase(config, async (database) => {
    const log = { info: () => {}, warn: (obj: object, msg: string) => console.warn(msg, obj), error: (obj: object, msg: string) => console.error(msg, obj) };
    const deps = { db: database.db, payments: createPaymentProvider({ config, db: database.db }), jobs: { kick: () => {} }, publicUrl: config.publicUrl, log };
    const { released, paid, failed, waiting } = await runPayouts(deps, { asOf, release: true });
    console.log(`Payouts for ${asOf}: ${released} shares released, ${paid} payouts sent, ${failed} failed, ${waiting} waiting for the provider.`);
    if (paid + failed > 0) console.log('The mails to the hosts wait in the outbox; a running server sends them.');
    return 0;
  });
}

runAsCommand(main);
