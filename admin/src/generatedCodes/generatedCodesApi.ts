import type { GenerationRequest } from '@topup/common/api';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';

const BASE = RESOURCE_ENDPOINTS.generatedCodes;

/** POST /api/admin/generated-codes/generate — 202 with the queued request; the code-generation job does the work. */
export const requestGeneration = (request: ApiRequest, body: { denominationId: number; count: number }) =>
  request<GenerationRequest>('POST', `${BASE}/generate`, body);

/** GET /api/admin/generated-codes/requests/:id — a request's progress. */
export const getGenerationRequest = (request: ApiRequest, id: string) =>
  request<GenerationRequest>('GET', `${RESOURCE_ENDPOINTS.generationRequests}/${encodeURIComponent(id)}`);

export type PublishTarget = { ids: number[] } | { generationRequestId: string };

/** POST /api/admin/generated-codes/publish — only available codes change; answers how many did. */
export const publishGeneratedCodes = (request: ApiRequest, target: PublishTarget, published: boolean) =>
  request<{ updated: number }>('POST', `${BASE}/publish`, { ...target, published });
