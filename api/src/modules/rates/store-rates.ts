import type { Knex } from 'knex';
import { convertMinor, convertMinorInverse, inverseRate } from '@topup/common';
import { ratesDal } from './rates.dal';

/** An amount converted by the store's rates: minor units of the target currency, and the rate used (target units per source unit). */
export interface Converted {
  amount: number;
  rate: string;
}

/**
 * `minor` units of `from` in `to` by the store's exchange rates (docs/architecture.md, "Minor units, rounded
 * once"): the pair's rate multiplies, the inverse pair's divides exactly, rounded once. Currencies are ISO
 * codes in either case. Undefined when the store keeps no rate between the two.
 */
export async function convertByStoreRates(db: Knex, minor: number, from: string, to: string): Promise<Converted | undefined> {
  const source = from.toLowerCase();
  const target = to.toLowerCase();
  if (source === target) return { amount: minor, rate: '1' };
  const direct = await ratesDal.rate(db, source, target);
  if (direct) return { amount: convertMinor(minor, direct), rate: direct };
  const inverse = await ratesDal.rate(db, target, source);
  if (inverse) return { amount: convertMinorInverse(minor, inverse), rate: inverseRate(inverse, 12) };
  return undefined;
}
