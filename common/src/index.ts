export * from './admin-records';
export * from './errors';
export * from './money';
export * from './queues';
export * from './rules';
export * from './store-time';
