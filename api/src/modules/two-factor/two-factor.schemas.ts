/** A TOTP (6 digits) or a recovery code (`XXXXX-XXXXX`); room for spaces pasted around it. */
const codeSchema = { type: 'string', minLength: 1, maxLength: 32 } as const;

export const confirmBody = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: codeSchema },
} as const;

export const loginTwoFactorBody = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge', 'code'],
  properties: {
    challenge: { type: 'string', minLength: 1, maxLength: 2048 },
    code: codeSchema,
  },
} as const;

/** Calls that carry nothing still refuse fields, so a client mistake is not ignored. */
export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export interface ConfirmBody {
  code: string;
}

export interface LoginTwoFactorBody {
  challenge: string;
  code: string;
}
