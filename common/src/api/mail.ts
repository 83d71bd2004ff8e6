import Type, { type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from '../rules';
import { emailField } from './auth';
import { endpoint, Nullable } from './contract';

/** The token a mailed link carries: 43 characters of base64url (32 random bytes). */
const LinkToken = Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the mailed link.' });

export const ChangeEmailBody = Type.Object(
  { email: Nullable(emailField('Trimmed, its domain lower-cased; null or empty removes the address.')) },
  { additionalProperties: false, examples: [{ email: 'player@mail.ru' }] },
);
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

export const AccountEmail = Type.Object(
  {
    email: Nullable(Type.String()),
    emailVerified: Type.Boolean(),
  },
  { examples: [{ email: 'player@mail.ru', emailVerified: false }] },
);
export type AccountEmail = Static<typeof AccountEmail>;

export const VerifyEmailBody = Type.Object({ token: LinkToken }, { additionalProperties: false, examples: [{ token: 'kq3X2m0c9fJd7bN1sV8yR4tL6wP5hZ0aE2uG9iO3xQc' }] });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const VerifiedEmail = Type.Object({ email: Type.String() }, { examples: [{ email: 'player@mail.ru' }] });
export type VerifiedEmail = Static<typeof VerifiedEmail>;

export const ForgotPasswordBody = Type.Object(
  { email: emailField('The address of the account, as verified.') },
  { additionalProperties: false, examples: [{ email: 'player@mail.ru' }] },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ForgotPasswordAnswer = Type.Object(
  { accepted: Type.Literal(true) },
  { description: 'The same answer whatever the address.', examples: [{ accepted: true }] },
);
export type ForgotPasswordAnswer = Static<typeof ForgotPasswordAnswer>;

export const ResetPasswordBody = Type.Object(
  { token: LinkToken, password: Type.String({ maxLength: PASSWORD_MAX_LENGTH, description: 'At least 8 characters with a digit.' }) },
  { additionalProperties: false, examples: [{ token: 'kq3X2m0c9fJd7bN1sV8yR4tL6wP5hZ0aE2uG9iO3xQc', password: 'new-secret-2' }] },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** The answer of a 204: no body at all. */
const NoContent = Type.Unsafe<void>({ description: 'No body (204 No Content).' });

const tag = 'Account';

/** The account's address, its verification and the password reset by mail (docs/architecture.md, "Mail"). */
export const mailEndpoints = {
  changeEmail: endpoint({
    method: 'put',
    path: '/profile/email',
    auth: 'user',
    tag,
    summary: "Set or change the account's email address",
    description:
      'A new address is unverified until its link (mailed in the language of the request, valid 24 hours) is opened; sending the same unverified address again mails a new link. 400 VALIDATION_FAILED with the message key `email_invalid`. Rate limited with the password reset (429).',
    body: ChangeEmailBody,
    response: AccountEmail,
    errors: [429],
  }),
  verifyEmail: endpoint({
    method: 'post',
    path: '/email/verify',
    auth: 'none',
    tag,
    summary: "Confirm an account's address with its mailed link",
    description:
      '400 LINK_EXPIRED: the link is unknown, used, expired, or its address is no longer the account\'s. 409 EMAIL_TAKEN: another account verified the address first.',
    body: VerifyEmailBody,
    response: VerifiedEmail,
    errors: [409],
  }),
  forgotPassword: endpoint({
    method: 'post',
    path: '/password/forgot',
    auth: 'none',
    tag,
    summary: 'Mail a password reset link',
    description:
      'Answers 202 with the same body whatever the address: a link (valid 30 minutes, single-use) is mailed only when an account has this address verified. Rate limited per client address (429).',
    body: ForgotPasswordBody,
    status: 202,
    response: ForgotPasswordAnswer,
    errors: [429],
  }),
  resetPassword: endpoint({
    method: 'post',
    path: '/password/reset',
    auth: 'none',
    tag,
    summary: 'Set a new password with a mailed reset link',
    description:
      "Every session of the account ends; sign in with the new password. 400 LINK_EXPIRED: the link is unknown, used or older than 30 minutes. The password follows registration's rules (400 VALIDATION_FAILED, field `password`).",
    body: ResetPasswordBody,
    status: 204,
    response: NoContent,
  }),
};
