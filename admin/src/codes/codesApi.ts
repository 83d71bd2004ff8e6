import type { BulkUploadResult } from '../components/bulkResult';
import { httpClient, RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';
import { GLOBAL_REGION } from './types';

const BULK_URL = `${RESOURCE_ENDPOINTS.codes}/bulk`;

/** Where bulk codes go: a product, and a region or (GLOBAL_REGION / none) global. */
export interface BulkTarget {
  productId: number;
  regionId?: number | null;
}

const regionOf = (target: BulkTarget) =>
  target.regionId === undefined || target.regionId === null || target.regionId === GLOBAL_REGION ? undefined : target.regionId;

/** POST /api/admin/codes/bulk, JSON form: `{productId, regionId?, codes}`. */
export function postCodeLines(request: ApiRequest, target: BulkTarget, codes: string) {
  const regionId = regionOf(target);
  return request<BulkUploadResult>('POST', BULK_URL, { productId: target.productId, ...(regionId ? { regionId } : {}), codes });
}

/**
 * POST /api/admin/codes/bulk, streamed form: the file (or a large pasted text) as a text/plain body
 * with the target in the query, so any number of lines go up without the JSON body limit.
 */
export async function postCodeFile(target: BulkTarget, body: Blob): Promise<BulkUploadResult> {
  const query = new URLSearchParams({ productId: String(target.productId) });
  const regionId = regionOf(target);
  if (regionId) query.set('regionId', String(regionId));
  const { json } = await httpClient(`${BULK_URL}?${query.toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
    body,
  });
  return json as BulkUploadResult;
}
