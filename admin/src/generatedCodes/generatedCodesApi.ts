import type {
  adminGeneratedCodeEndpoints,
  GenerateCodesBody,
  GenerationAccepted,
  GenerationRequest,
  PublishCodesBody,
  ResponseOf,
} from '@topup/common/api';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';

const BASE = RESOURCE_ENDPOINTS.generatedCodes;

/** POST /api/admin/generated-codes/generate — 202 with the queued request; the code-generation job does the work. */
export const requestGeneration = (request: ApiRequest, body: GenerateCodesBody) =>
  request<GenerationAccepted>('POST', `${BASE}/generate`, body);

/** GET /api/admin/generated-codes/requests/:id — a request's progress. */
export const getGenerationRequest = (request: ApiRequest, id: string) =>
  request<GenerationRequest>('GET', `${RESOURCE_ENDPOINTS.generationRequests}/${encodeURIComponent(id)}`);

/** Which codes: by their ids, or all of a generation request. */
export type PublishTarget = Omit<PublishCodesBody, 'published'>;

/** POST /api/admin/generated-codes/publish — only available codes change; answers how many did. */
export const publishGeneratedCodes = (request: ApiRequest, target: PublishTarget, published: boolean) =>
  request<ResponseOf<typeof adminGeneratedCodeEndpoints.publish>>('POST', `${BASE}/publish`, { ...target, published });
