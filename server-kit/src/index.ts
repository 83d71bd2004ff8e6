/** Server-side helpers the API, the workers, the seeds and the benches share. */
export { afterCommit, outermostTransaction } from './after-commit';
export { AppError } from './app-error';
export { createCodeCrypto, normaliseCode, parseCodesKey, type CodeCrypto } from './code-crypto';
export { freePort } from './free-port';
export { PGBOUNCER, startPgbouncer, type RunningPgbouncer } from './pgbouncer';
export { prepared, readBigintsAsNumbers, sendStatementsUnnamed, sqlRefusal, type SqlRefusal } from './postgres';
export { changeBalance, insufficientBalance, type BalanceChange, type LedgerEntryRow, type LedgerReason } from './ledger';
export {
  createInvalidationBus,
  type InvalidationBus,
  type InvalidationHandler,
  type InvalidationTopic,
  type InvalidationTopics,
} from './invalidation-bus';
export { countCrash, DEFAULT_RESTART_POLICY, restartDelay, SAME_SIGNAL_WINDOW_MS, type RestartPolicy, type RestartRecord } from './restart-policy';
export {
  connectRedis,
  deleteKeysUnder,
  duplicateRedis,
  isCluster,
  keyGroup,
  keyHolders,
  parseRedisUrl,
  type RedisBehaviour,
  type RedisConnection,
} from './redis-connection';
