/** What the workers process and the scripts use of the API package. */
export { loadConfig, type Config } from './config';
export { createDb, type Db } from './db';
export { createLogger, type Logger } from './logger';
export { createRedis } from './redis';
export { createFulfilmentService } from './modules/fulfilment/fulfilment.service';
export { createCodeCrypto } from './lib/code-crypto';
export { createGameProvider, type GameProvider } from './providers/game';
export { createPaymentCallbackService } from './modules/payments/payment-callback.service';
export { createReservationExpiryService } from './modules/payments/reservation-expiry.service';
