const regionFields = {
  name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  // Short code such as 'TR', 'US', 'EU'; unique.
  code: { type: 'string', minLength: 1, maxLength: 16, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$' },
  isActive: { type: 'boolean' },
  gameCurrency: { type: 'string', maxLength: 64 },
  // An emoji or an image URL.
  flag: { type: 'string', maxLength: 2000, format: 'emoji-or-web-url' },
} as const;

export const createRegionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'code'],
  properties: regionFields,
} as const;

/** The fields sent are changed; the record's read-only fields are accepted and ignored. */
export const updateRegionBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...regionFields, id: {}, createdAt: {} },
} as const;

export interface RegionFields {
  name: string;
  code: string;
  isActive?: boolean;
  gameCurrency?: string;
  flag?: string;
}

export type RegionUpdate = Partial<RegionFields>;
