import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { OrderCurrency } from '@topup/common';
import type { GatewayMethod, PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox.gateway';
import { createYookassaGateway, YOOKASSA_PROVIDER } from './yookassa.gateway';
import { createPaymeGateway, PAYME_PROVIDER } from './payme.gateway';
import { CLICK_PROVIDER, createClickGateway } from './click.gateway';

export * from './payment-gateway';

export interface PaymentGatewayDeps {
  config: Pick<Config, 'paymentProviders' | 'paymentWebhookSecret' | 'publicUrl' | 'yookassa' | 'payme' | 'click'>;
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
  [PAYME_PROVIDER]: ({ config }) => createPaymeGateway(config.payme),
  [CLICK_PROVIDER]: ({ config }) => createClickGateway(config.click),
};

export interface PaymentGateways {
  /** Every gateway the store uses, in PAYMENT_PROVIDER's order. */
  all: PaymentGateway[];
  /** The gateway a webhook path or a payment row names, if the store uses it. */
  byName(name: string): PaymentGateway | undefined;
  /** The first gateway that takes `method` for an order in `currency`, if any does. */
  forPayment(method: GatewayMethod, currency: OrderCurrency): PaymentGateway | undefined;
}

/** Builds the configured gateways; an unknown name in PAYMENT_PROVIDER stops the start with a clear message. */
export function createPaymentGateways(deps: PaymentGatewayDeps): PaymentGateways {
  return paymentGatewaysOf(
    ...deps.config.paymentProviders.map((name) => {
      const factory = Object.hasOwn(GATEWAY_FACTORIES, name) ? GATEWAY_FACTORIES[name] : undefined;
      if (!factory) throw new Error(`Unknown PAYMENT_PROVIDER "${name}": use one or more of ${Object.keys(GATEWAY_FACTORIES).join(', ')}`);
      return factory(deps);
    }),
  );
}

/** The gateways of a store that pays through `gateways`, the first that takes a payment being the one used. */
export function paymentGatewaysOf(...gateways: PaymentGateway[]): PaymentGateways {
  return {
    all: gateways,
    byName: (provider) => gateways.find((gateway) => gateway.name === provider),
    forPayment: (method, currency) =>
      gateways.find(({ capabilities }) => capabilities.methods.includes(method) && capabilities.currencies.includes(currency)),
  };
}
