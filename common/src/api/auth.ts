import Type, { type Static } from 'typebox';
import { EMAIL_MAX_LENGTH } from '../email';
import { NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, USER_ROLES } from '../rules';
import { EmptyObject, endpoint, Nullable, StringEnum, Timestamp } from './contract';

// Shapes only: the specification's own rules (trimmed length, a digit, matching confirmation) are
// checked by the server so each failure can carry the message key the storefront shows.
/** Room for spaces around the nickname, which are trimmed before its own rules apply. */
const nickname = (description?: string) => Type.String({ maxLength: NICKNAME_MAX_LENGTH + 64, description });
const password = (description?: string) => Type.String({ maxLength: PASSWORD_MAX_LENGTH, description });
const NEW_PASSWORD_RULE = 'At least 8 characters with a digit.';
/** Room for spaces around the address, which are trimmed before it is checked. */
export const emailField = (description?: string) => Type.String({ maxLength: EMAIL_MAX_LENGTH + 64, description });

export const RegisterBody = Type.Object(
  {
    nickname: nickname('Trimmed: 3 to 32 letters, digits, `_`, `.` or `-`; unique whatever the case.'),
    password: password(NEW_PASSWORD_RULE),
    confirmPassword: password(),
    email: Type.Optional(
      emailField('Optional: an address for receipts and password resets, verified by a mailed link. Empty: none.'),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ nickname: 'player_one', password: 'secret-pass-1', confirmPassword: 'secret-pass-1' }],
  },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  {
    nickname: nickname(),
    password: password(),
    remember: Type.Optional(Type.Boolean({ description: '"Remember me": a session of 30 days instead of one day (by default; the store configures both).' })),
  },
  { additionalProperties: false, examples: [{ nickname: 'player_one', password: 'secret-pass-1', remember: true }] },
);
export type LoginBody = Static<typeof LoginBody>;

const sessionExample = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjQyfQ.c2lnbmF0dXJl', nickname: 'player_one', userId: 42 };

/** A session: what the storefront keeps to call the API as this account. */
export const AuthSession = Type.Object(
  {
    token: Type.String({ description: 'Send it as `Authorization: Bearer <token>`.' }),
    nickname: Type.String(),
    userId: Type.Integer(),
  },
  { examples: [sessionExample] },
);
export type AuthSession = Static<typeof AuthSession>;

/** A correct password of an account that uses two-factor sign-in: the second step's ticket. */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  challenge: Type.String({ description: 'Send it with the code to `POST /login/2fa`; it expires within minutes.' }),
});
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

/** What a correct password opens: a session, or the second step of a two-factor sign-in. */
export const SignInAnswer = Type.Union(
  [
    Type.Object({
      ...AuthSession.properties,
      twoFactorEnrolmentRequired: Type.Optional(
        Type.Literal(true, {
          description: 'An admin of a store that requires two-factor sign-in who has not enrolled: the token only opens `/admin/2fa/*` and `/logout`.',
        }),
      ),
    }),
    TwoFactorChallenge,
  ],
  { examples: [sessionExample, { twoFactorRequired: true, challenge: 'eyJhbGciOiJIUzI1NiJ9.eyJjaGFsbGVuZ2VJZCI6IjEifQ.c2lnbmF0dXJl' }] },
);
export type SignInAnswer = Static<typeof SignInAnswer>;

export const Profile = Type.Object(
  {
    id: Type.Integer(),
    nickname: Type.String(),
    role: StringEnum(USER_ROLES),
    balanceUsd: Type.Number(),
    balanceRub: Type.Number(),
    createdAt: Timestamp,
    email: Nullable(Type.String({ description: 'The account\'s address; null: none.' })),
    emailVerified: Type.Boolean({ description: 'The address was confirmed by its link: receipts are mailed to it and it can reset the password.' }),
  },
  {
    examples: [
      {
        id: 42,
        nickname: 'player_one',
        role: 'user',
        balanceUsd: 12.5,
        balanceRub: 1500,
        createdAt: '2026-11-23T13:26:00.000Z',
        email: 'player@mail.ru',
        emailVerified: true,
      },
    ],
  },
);
export type Profile = Static<typeof Profile>;

export const ChangeOwnPasswordBody = Type.Object(
  {
    currentPassword: password(),
    newPassword: password(NEW_PASSWORD_RULE),
  },
  { additionalProperties: false, examples: [{ currentPassword: 'secret-pass-1', newPassword: 'new-secret-2' }] },
);
export type ChangeOwnPasswordBody = Static<typeof ChangeOwnPasswordBody>;

/** The answer of a 204: no body at all. */
const NoContent = Type.Unsafe<void>({ description: 'No body (204 No Content).' });

const tag = 'Account';

export const authEndpoints = {
  register: endpoint({
    method: 'post',
    path: '/register',
    auth: 'none',
    tag,
    summary: 'Create an account and sign in',
    description:
      'A broken rule answers 400 VALIDATION_FAILED with `details: [{field, message}]`, the message being a key the storefront translates (nickname_too_short, nickname_too_long, nickname_invalid, password_too_short, password_no_number, passwords_dont_match, email_invalid). 409 NICKNAME_TAKEN: the nickname is in use, whatever its case. With an `email`, a link that verifies it is mailed in the language of the request.',
    body: RegisterBody,
    status: 201,
    response: AuthSession,
    errors: [409, 429, 503],
  }),
  login: endpoint({
    method: 'post',
    path: '/login',
    auth: 'none',
    tag,
    summary: 'Sign in with nickname and password',
    description:
      'A wrong nickname or password is 401 INVALID_CREDENTIALS. Repeated failures block the nickname and the address for a while (429 with Retry-After), counted before the password is checked. A session sets the `device` cookie (HttpOnly, SameSite=Strict): a later login to that nickname sending it has a failure budget of its own that no block of the nickname touches, and is preferred when logins are shed (503). An account with two-factor sign-in answers a challenge for `POST /login/2fa` instead of a session.',
    body: LoginBody,
    response: SignInAnswer,
    errors: [429, 503],
  }),
  profile: endpoint({ method: 'get', path: '/profile', auth: 'user', tag, summary: 'The signed-in account and its balances', response: Profile, errors: [404] }),
  logout: endpoint({
    method: 'post',
    path: '/logout',
    auth: 'session',
    tag,
    summary: 'End this session',
    description: "Revokes the token sent; the account's other sessions go on.",
    body: EmptyObject,
    status: 204,
    response: NoContent,
  }),
  changePassword: endpoint({
    method: 'post',
    path: '/profile/password',
    auth: 'user',
    tag,
    summary: 'Change your own password',
    description:
      "Every other session of the account ends; the answer is a fresh token for this one. A wrong current password is 401 INVALID_CREDENTIALS and counts as a failed login (429 once blocked). The new password follows registration's rules (400 with the same message keys).",
    body: ChangeOwnPasswordBody,
    response: AuthSession,
    errors: [429],
  }),
};
