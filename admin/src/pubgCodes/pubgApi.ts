import type { BulkCodesResult, SellPubgCodesAsCodesBody, SoldAsCodesResult } from '@topup/common/api';
import { postText, RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';

const BULK_URL = `${RESOURCE_ENDPOINTS.pubgCodes}/bulk`;

/** POST /api/pubg-admin/codes/bulk, JSON form — one code a line. */
export const postPubgCodeLines = (request: ApiRequest, denominationId: number, codes: string) =>
  request<BulkCodesResult>('POST', BULK_URL, { denominationId, codes });

/** POST /api/pubg-admin/codes/bulk, streamed form: the lines as a text/plain body, the package in the query. */
export const postPubgCodeFile = (denominationId: number, body: Blob) =>
  postText<BulkCodesResult>(BULK_URL, { denominationId: String(denominationId) }, body);

/** POST /api/pubg-admin/codes/sell-as-codes: a package's available codes become a gift-code product's codes. */
export const postSellAsCodes = (request: ApiRequest, body: SellPubgCodesAsCodesBody) =>
  request<SoldAsCodesResult>('POST', `${RESOURCE_ENDPOINTS.pubgCodes}/sell-as-codes`, body);
