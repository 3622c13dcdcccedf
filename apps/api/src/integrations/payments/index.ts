import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { TestPaymentProcessor } from './test-processor.js';

/** The card processor the configuration names: Stripe when its keys are set, else the built-in test-mode processor. */
export function createPaymentProvider({ config, db }: { config: Config; db: Db }): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : new TestPaymentProcessor(db);
}
