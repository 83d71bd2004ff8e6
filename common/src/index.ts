export * from './admin-records';
export * from './bulk-code-lines';
export * from './errors';
export * from './limits';
export * from './money';
export * from './queues';
export * from './rules';
export * from './store-time';
