export * from './errors';
export * from './money';
export * from './queues';
export * from './rules';
