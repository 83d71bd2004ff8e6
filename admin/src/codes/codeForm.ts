import { pickFields } from '../components/payload';
import { GLOBAL_REGION } from './types';

/** The form value of a record's region: GLOBAL_REGION for a global code. */
export const formatRegion = (regionId: unknown) => (regionId === null || regionId === undefined || regionId === '' ? GLOBAL_REGION : regionId);

const isGlobal = (regionId: unknown) => regionId === undefined || regionId === null || regionId === '' || Number(regionId) === GLOBAL_REGION;

/** `POST /api/admin/codes`: the region is left out for a global code. */
export function newCodePayload(values: Record<string, unknown>) {
  const { regionId, ...rest } = pickFields(values, ['productId', 'regionId', 'code', 'priceUsd', 'priceRub', 'gameAmount', 'popular']);
  if (typeof rest.code === 'string') rest.code = rest.code.trim();
  return isGlobal(regionId) ? rest : { ...rest, regionId: Number(regionId) };
}

/** `PUT /api/admin/codes/:id`: what may change on an available code; global is `regionId: null`. */
export function codeUpdatePayload(values: Record<string, unknown>) {
  const { regionId, ...rest } = pickFields(values, ['regionId', 'priceUsd', 'priceRub', 'gameAmount', 'popular']);
  return { ...rest, regionId: isGlobal(regionId) ? null : Number(regionId) };
}
