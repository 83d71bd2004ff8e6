export * from './contract';
export * from './cart';
