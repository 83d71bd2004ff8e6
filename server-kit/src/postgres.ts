import pg from 'pg';

/**
 * bigint columns (count(*), sums, minor-unit prices) read as JS numbers: the store's values stay far
 * below 2^53. numeric (exchange rates) stays a string so no float sneaks into money arithmetic. The
 * setting is the pg driver's, for the whole process.
 */
export function readBigintsAsNumbers(): void {
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
}
