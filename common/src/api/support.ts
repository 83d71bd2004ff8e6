import Type, { type Static } from 'typebox';
import { SUPPORT_INTRO_MAX_LENGTH, SUPPORT_TEXT_MAX_LENGTH } from '../column-limits';
import { SUPPORT_MESSAGE_STATUSES } from '../rules';
import { EmptyObject, endpoint, MAX_INT, StringEnum, Success, Timestamp } from './contract';

/** Limits match the support_messages columns. */
export const SUPPORT_LIMITS = { nickname: 64, userId: 64, contact: 200, message: SUPPORT_TEXT_MAX_LENGTH } as const;

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

/** Messages a shopper sees under "My requests", newest first. */
export const MY_SUPPORT_MESSAGES_LIMIT = 50;

/** A signed-in shopper's own message with the support team's replies, oldest reply first. */
export const MySupportMessage = Type.Object(
  {
    id: Type.Integer(),
    status: StringEnum(SUPPORT_MESSAGE_STATUSES),
    message: Type.String(),
    createdAt: Timestamp,
    replies: Type.Array(Type.Object({ id: Type.Integer(), message: Type.String(), createdAt: Timestamp })),
  },
  {
    examples: [
      {
        id: 318,
        status: 'answered',
        message: 'My code says it was already used.',
        createdAt: '2026-03-04T12:30:00.000Z',
        replies: [{ id: 12, message: 'We have sent you a new code: see your order.', createdAt: '2026-03-04T13:02:00.000Z' }],
      },
    ],
  },
);
export type MySupportMessage = Static<typeof MySupportMessage>;

/**
 * What the back office sets of the support page: the messenger its floating button opens (no button
 * without an address) and, per language, the intro under its title ('' keeps the storefront's own words).
 */
export const SupportSettings = Type.Object(
  {
    messengerName: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S', description: 'Named on the button: "Telegram", "WhatsApp".' }),
    messengerUrl: Type.Union([Type.Literal(''), Type.String({ maxLength: 200, pattern: '^https://\\S+$' })], {
      description: "The chat the button opens (https://t.me/<handle>); '' shows no button.",
    }),
    intro: Type.Object(
      {
        ru: Type.String({ maxLength: SUPPORT_INTRO_MAX_LENGTH }),
        en: Type.String({ maxLength: SUPPORT_INTRO_MAX_LENGTH }),
        uz: Type.String({ maxLength: SUPPORT_INTRO_MAX_LENGTH }),
      },
      { additionalProperties: false, description: "The line under the page's title, per language; '' keeps the storefront's own." },
    ),
  },
  {
    additionalProperties: false,
    examples: [{ messengerName: 'Telegram', messengerUrl: 'https://t.me/topuparena_support', intro: { ru: 'Ответим в течение часа.', en: '', uz: '' } }],
  },
);
export type SupportSettings = Static<typeof SupportSettings>;

export const supportEndpoints = {
  settings: endpoint({
    method: 'get',
    path: '/support/settings',
    auth: 'none',
    tag: 'Support',
    summary: "The support page's messenger and intro",
    description: 'As the back office set them (`PUT /admin/support-settings`).',
    response: SupportSettings,
  }),
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
    errors: [429],
  }),
  mine: endpoint({
    method: 'get',
    path: '/support/messages',
    auth: 'user',
    tag: 'Support',
    summary: 'My support requests',
    description: `The signed-in shopper's own messages (those sent while signed in), newest first, at most ${MY_SUPPORT_MESSAGES_LIMIT}, each with the support team's replies.`,
    query: EmptyObject,
    response: Type.Array(MySupportMessage),
  }),
};
