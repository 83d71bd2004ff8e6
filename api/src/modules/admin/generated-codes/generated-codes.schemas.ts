/** Most codes one generation request may ask for (docs/admin-api.md). */
export const MAX_GENERATION_COUNT = 100_000;
/** Most ids one publish call may name; a whole request is published by its id instead. */
export const MAX_PUBLISH_IDS = 10_000;

export const requestParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export const generateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['denominationId', 'count'],
  properties: {
    denominationId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    count: { type: 'integer', minimum: 1, maximum: MAX_GENERATION_COUNT },
  },
} as const;

export const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['published'],
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PUBLISH_IDS,
      items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    },
    generationRequestId: { type: 'string', format: 'uuid' },
    published: { type: 'boolean' },
  },
} as const;

export interface RequestParams {
  id: string;
}

export interface GenerateBody {
  denominationId: number;
  count: number;
}

export interface PublishBody {
  ids?: number[];
  generationRequestId?: string;
  published: boolean;
}
