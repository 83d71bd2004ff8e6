export * from './contract';
export * from './cart';
export * from './health';
export * from './auth';
export * from './two-factor';
export * from './catalogue';
export * from './promotions';
