import { MAX_INT } from '../../lib/admin-input';

/** Limits match the support_messages columns. */
export const SUPPORT_LIMITS = { nickname: 64, userId: 64, contact: 200, message: 4000 } as const;

const requiredText = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

export const supportMessageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['nickname', 'message'],
  properties: {
    nickname: requiredText(SUPPORT_LIMITS.nickname),
    // What the form sends as the writer's user id (the session's, or what a visitor typed). Only an
    // authenticated request links the message to an account: a claimed id is never trusted.
    userId: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: MAX_INT },
        { type: 'string', maxLength: SUPPORT_LIMITS.userId },
        { type: 'null' },
      ],
    },
    contact: { type: 'string', maxLength: SUPPORT_LIMITS.contact },
    message: requiredText(SUPPORT_LIMITS.message),
  },
} as const;

export interface SupportMessageBody {
  nickname: string;
  userId?: number | string | null;
  contact?: string;
  message: string;
}
