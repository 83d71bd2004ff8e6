/** What the tests and benches of other workspaces use to run the store against real Postgres and Redis. */
export * from './harness';
export * from './api-process';
export { freePort } from '@topup/server-kit';
export { injectService, withDatabase } from '@topup/server-kit/testing';
export * from './fixtures';
export * from './cbr-feed';
export * from './topup-data';
export * from './yookassa-stand-in';
export * from './yookassa-store';
export * from './metrics';
export * from './seagm-stand-in';
export * from './moogold-stand-in';
export * from './supplier-orders';
export * from './smartglocal-stand-in';
export * from './smtp-server';
export * from './payme-stand-in';
export { PAYME_ENDPOINT_PATH } from '../modules/payme/payme.endpoint';
