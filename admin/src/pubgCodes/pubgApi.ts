import type { BulkUploadResult } from '../components/bulkResult';
import { httpClient, RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';

const BULK_URL = `${RESOURCE_ENDPOINTS.pubgCodes}/bulk`;

/** POST /api/pubg-admin/codes/bulk, JSON form — one code a line. */
export const postPubgCodeLines = (request: ApiRequest, denominationId: number, codes: string) =>
  request<BulkUploadResult>('POST', BULK_URL, { denominationId, codes });

/** POST /api/pubg-admin/codes/bulk, streamed form: the lines as a text/plain body, the package in the query. */
export async function postPubgCodeFile(denominationId: number, body: Blob): Promise<BulkUploadResult> {
  const query = new URLSearchParams({ denominationId: String(denominationId) });
  const { json } = await httpClient(`${BULK_URL}?${query.toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
    body,
  });
  return json as BulkUploadResult;
}
