import type { Knex } from 'knex';
import { convertMinor, convertMinorInverse, inverseRate } from '@topup/common';
import { ratesDal } from './rates.dal';

/** An amount converted by the store's rates: minor units of the target currency, and the rate used (target units per source unit). */
export interface Converted {
  amount: number;
  rate: string;
}

/** Converts minor units of one currency to another; undefined when the store keeps no rate between them. */
export type Converter = ((minor: number) => Converted) | undefined;

/**
 * How the store converts `from` to `to` (docs/architecture.md, "Minor units, rounded once"): the pair's rate
 * multiplies, the inverse pair's divides exactly, rounded once. Currencies are ISO codes in either case.
 */
export async function storeConverter(db: Knex, from: string, to: string): Promise<Converter> {
  const source = from.toLowerCase();
  const target = to.toLowerCase();
  if (source === target) return (minor) => ({ amount: minor, rate: '1' });
  const direct = await ratesDal.rate(db, source, target);
  if (direct) return (minor) => ({ amount: convertMinor(minor, direct), rate: direct });
  const inverse = await ratesDal.rate(db, target, source);
  if (inverse) return (minor) => ({ amount: convertMinorInverse(minor, inverse), rate: inverseRate(inverse, 12) });
  return undefined;
}

/** `minor` units of `from` in `to` by the store's rates; undefined when it keeps no rate between the two. */
export async function convertByStoreRates(db: Knex, minor: number, from: string, to: string): Promise<Converted | undefined> {
  return (await storeConverter(db, from, to))?.(minor);
}
