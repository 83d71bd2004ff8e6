import type { PriceOption, Product } from '@topup/common/api';
import { regionFlagUrl } from './flags';

// Paging of option grids is shared with the game top-up pages.
export { pageCount, pageItems } from '../../../lib/paging';

export const GLOBAL_REGION_ID = 0;

export interface RegionChoice {
  id: number;
  name: string | null;
  /** The flag's image (utils/flags: an admin's image, else by region code, else the global flag). */
  flagUrl: string;
  gameCurrency: string;
}

/**
 * Regions the shopper can pick: the product's regions, plus "global" (id 0, name null: the caller
 * labels it) when the product has global codes or no regions at all.
 */
export function regionChoices(product: Pick<Product, 'hasRegions' | 'hasGlobalCodes' | 'regions' | 'game_currency'>): RegionChoice[] {
  const regions = product.hasRegions && Array.isArray(product.regions) ? product.regions : [];
  const choices: RegionChoice[] = [];
  if (product.hasGlobalCodes || regions.length === 0) {
    choices.push({ id: GLOBAL_REGION_ID, name: null, flagUrl: regionFlagUrl(null), gameCurrency: product.game_currency });
  }
  for (const region of regions) {
    choices.push({
      id: region.id,
      name: region.name,
      flagUrl: regionFlagUrl(region),
      gameCurrency: region.game_currency.trim() || product.game_currency,
    });
  }
  return choices;
}

/** Quantity between 1 and the option's available count (1 when nothing can be bought). */
export function clampQuantity(value: unknown, max: number): number {
  const number = typeof value === 'number' ? value : Number(value);
  const upper = Math.max(1, Math.trunc(max) || 1);
  if (!Number.isFinite(number)) return 1;
  return Math.min(upper, Math.max(1, Math.trunc(number)));
}

/** Sorted by amount; options with no stock are kept (shown as out of stock) but go last. */
export function sortOptions(options: readonly PriceOption[]): PriceOption[] {
  return [...options].sort((a, b) => {
    const aOut = a.available_count > 0 ? 0 : 1;
    const bOut = b.available_count > 0 ? 0 : 1;
    return aOut - bOut || Number(a.game_amount) - Number(b.game_amount);
  });
}

/** Option identity across refetches: amount plus prices (the server rejects a stale price anyway). */
export function optionKey(option: Pick<PriceOption, 'game_amount' | 'price_usd' | 'price_rub'>): string {
  return `${option.game_amount}|${option.price_usd}|${option.price_rub}`;
}
