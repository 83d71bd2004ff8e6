import Type, { type Static } from 'typebox';
import { endpoint, MAX_INT, Success } from './contract';

/** Limits match the support_messages columns. */
export const SUPPORT_LIMITS = { nickname: 64, userId: 64, contact: 200, message: 4000 } as const;

const requiredText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

export const SupportMessageBody = Type.Object(
  {
    nickname: requiredText(SUPPORT_LIMITS.nickname),
    userId: Type.Optional(
      Type.Union(
        [Type.Integer({ minimum: 1, maximum: MAX_INT }), Type.String({ maxLength: SUPPORT_LIMITS.userId }), Type.Null()],
        {
          // Only an authenticated request links the message to an account: a claimed id is never trusted.
          description: "What the form shows as the writer's user id (the session's, or what a visitor typed); for the support team to read.",
        },
      ),
    ),
    contact: Type.Optional(Type.String({ maxLength: SUPPORT_LIMITS.contact, description: 'How to reach the writer (e-mail, Telegram …).' })),
    message: requiredText(SUPPORT_LIMITS.message),
  },
  { additionalProperties: false, examples: [{ nickname: 'player_one', userId: 42, contact: '@player_one', message: 'My code says it was already used.' }] },
);
export type SupportMessageBody = Static<typeof SupportMessageBody>;

export const supportEndpoints = {
  send: endpoint({
    method: 'post',
    path: '/support',
    auth: 'none',
    tag: 'Support',
    summary: 'Write to the support team',
    description:
      "Visitors may write too; a signed-in writer's message is linked to their account (send the token). Texts are trimmed. Rate limited per client (429 with Retry-After).",
    body: SupportMessageBody,
    status: 201,
    response: Success({}),
  }),
};
