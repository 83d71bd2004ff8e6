import type { BulkCodesResult } from '@topup/common/api';
import { httpClient, postText, RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';
import { GLOBAL_REGION } from './types';
import { saveDownload } from '../lib/download';

const BULK_URL = `${RESOURCE_ENDPOINTS.codes}/bulk`;
const IMPORT_URL = `${RESOURCE_ENDPOINTS.codes}/import`;
const EXPORT_URL = `${RESOURCE_ENDPOINTS.codes}/export`;

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
  return request<BulkCodesResult>('POST', BULK_URL, { productId: target.productId, ...(regionId ? { regionId } : {}), codes });
}

/** POST /api/admin/codes/bulk, streamed form: the lines as a text/plain body, the target in the query. */
export function postCodeFile(target: BulkTarget, body: Blob) {
  const regionId = regionOf(target);
  const query = { productId: String(target.productId), ...(regionId ? { regionId: String(regionId) } : {}) };
  return postText<BulkCodesResult>(BULK_URL, query, body);
}

/** POST /api/admin/codes/import, JSON form: the CSV text in `codes`. */
export const postCsvText = (request: ApiRequest, csv: string) => request<BulkCodesResult>('POST', IMPORT_URL, { codes: csv });

/** POST /api/admin/codes/import, streamed form: the file as a text/csv body. */
export const postCsvFile = (body: Blob) => postText<BulkCodesResult>(IMPORT_URL, {}, body, 'text/csv');

/**
 * POST /api/admin/codes/export with the list's filters and the reason, saved as the file the API
 * names. The store writes the audit row before the first line.
 */
export async function downloadCodesCsv(filter: Record<string, unknown>, reason: string): Promise<void> {
  const { body, headers } = await httpClient(`${EXPORT_URL}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`, {
    method: 'POST',
    headers: new Headers({ 'Content-Type': 'application/json', Accept: 'text/csv' }),
    body: JSON.stringify({ reason }),
  });
  saveDownload(body, headers, 'codes.csv');
}
