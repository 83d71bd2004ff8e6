/** What the workers process and the scripts use of the API package. */
export { loadConfig, type Config } from './config';
export { createDb, type Db } from './db';
export { createLogger, type Logger } from './logger';
export { createRedis } from './redis';
export { createFulfilmentService } from './modules/fulfilment/fulfilment.service';
