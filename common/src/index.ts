export * from './admin-records';
export * from './errors';
export * from './money';
export * from './order-lifecycle';
export * from './promotion-badge-style';
export * from './queues';
export * from './rules';
export * from './store-time';
