import type { ProductRegions } from '@topup/common/api';

/** What a product form saves through `POST` / `PUT /api/admin/products`; regions go through their own calls. */
export const PRODUCT_FIELDS = [
  'slug',
  'title',
  'description',
  'imageUrl',
  'keywords',
  'category',
  'gameCurrency',
  'activationInstructions',
  'translations',
  'hasRegions',
  'hasGlobalCodes',
  'active',
  'sortOrder',
] as const;

/** The form field of one region's game currency (a letter first, so the form keeps an object, not an array). */
export const regionCurrencySource = (regionId: number) => `regionCurrencies.r${regionId}`;

export type RegionCurrencyValues = Record<string, string | null | undefined>;

/** The saved per-region game currencies as form values. */
export function regionCurrencyValues(saved: ProductRegions | undefined): RegionCurrencyValues {
  const values: RegionCurrencyValues = {};
  for (const region of saved?.regions ?? []) values[`r${region.regionId}`] = region.gameCurrency;
  return values;
}

/** The region ids chosen in the form: numbers, each once, in order. */
export function chosenRegionIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * The game-currency overrides to save: one per chosen region whose value differs from what is stored
 * (a region just added has none stored). Values are trimmed; '' means the product's own.
 */
export function regionCurrencyChanges(
  regionIds: readonly number[],
  values: RegionCurrencyValues | undefined,
  saved: ProductRegions | undefined,
): Array<{ regionId: number; gameCurrency: string }> {
  const stored = new Map((saved?.regions ?? []).map((region) => [region.regionId, region.gameCurrency]));
  const changes: Array<{ regionId: number; gameCurrency: string }> = [];
  for (const regionId of regionIds) {
    const wanted = String(values?.[`r${regionId}`] ?? '').trim();
    if (wanted !== (stored.get(regionId) ?? '')) changes.push({ regionId, gameCurrency: wanted });
  }
  return changes;
}
