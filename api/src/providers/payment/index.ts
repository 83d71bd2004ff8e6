import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox.gateway';
import { createYookassaGateway, YOOKASSA_PROVIDER } from './yookassa.gateway';

export * from './payment-gateway';

export interface PaymentGatewayDeps {
  config: Pick<Config, 'paymentProvider' | 'paymentWebhookSecret' | 'publicUrl' | 'yookassa'>;
  db: Knex;
  logger: Logger;
}

/** Every gateway the store can use, by PAYMENT_PROVIDER name. A real adapter is one more entry. */
const GATEWAY_FACTORIES: Record<string, (deps: PaymentGatewayDeps) => PaymentGateway> = {
  sandbox: ({ config, db, logger }) =>
    createSandboxGateway({
      db,
      logger: logger.child({ provider: 'sandbox' }),
      webhookSecret: config.paymentWebhookSecret,
      publicUrl: config.publicUrl,
    }),
  [YOOKASSA_PROVIDER]: ({ config, logger }) =>
    createYookassaGateway({ settings: config.yookassa, logger: logger.child({ provider: YOOKASSA_PROVIDER }) }),
};

export interface PaymentGateways {
  /** The gateway new card payments go through (config.paymentProvider). */
  current: PaymentGateway;
  /** The gateway a webhook path or a payment row names, if the store uses it. */
  byName(name: string): PaymentGateway | undefined;
  /** Every gateway the store uses. */
  all: PaymentGateway[];
}

/** Builds the configured gateway; an unknown PAYMENT_PROVIDER stops the start with a clear message. */
export function createPaymentGateways(deps: PaymentGatewayDeps): PaymentGateways {
  const name = deps.config.paymentProvider;
  const factory = Object.hasOwn(GATEWAY_FACTORIES, name) ? GATEWAY_FACTORIES[name] : undefined;
  if (!factory) {
    throw new Error(`Unknown PAYMENT_PROVIDER "${name}": use one of ${Object.keys(GATEWAY_FACTORIES).join(', ')}`);
  }
  return paymentGatewaysOf(factory(deps));
}

/** The gateways of a store that pays through `current`. */
export function paymentGatewaysOf(current: PaymentGateway): PaymentGateways {
  return { current, byName: (provider) => (provider === current.name ? current : undefined), all: [current] };
}
