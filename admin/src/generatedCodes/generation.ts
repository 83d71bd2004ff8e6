import type { GenerationRequest } from '@topup/common/api';

/** Most codes one request may ask for. */
export const MAX_GENERATION_COUNT = 100_000;

/** How often a running request's progress is asked for. */
export const GENERATION_POLL_MS = 1000;

/** A request that will not change any more: stop asking. */
export function isGenerationFinished(status: string | undefined): boolean {
  return status === 'completed' || status === 'failed';
}

/** The poll interval for a list of requests: poll while one of them still runs. */
export function requestsPollInterval(requests: readonly Pick<GenerationRequest, 'status'>[] | undefined): number | false {
  return requests?.some((request) => !isGenerationFinished(request.status)) ? GENERATION_POLL_MS : false;
}

/** The count field's rule: a whole number from 1 to MAX_GENERATION_COUNT. */
export function validateGenerationCount(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 && count <= MAX_GENERATION_COUNT ? undefined : 'resources.generatedCodes.generate.count_range';
}
