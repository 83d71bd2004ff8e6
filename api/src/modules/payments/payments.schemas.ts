export const webhookParams = {
  type: 'object',
  additionalProperties: false,
  required: ['provider'],
  properties: {
    provider: { type: 'string', pattern: '^[a-z0-9_-]{1,32}$' },
  },
} as const;

export interface WebhookParams {
  provider: string;
}
