import Type, { type Static } from 'typebox';
import { AuthSession } from './auth';
import { EmptyObject, endpoint, IdParams } from './contract';

/** A TOTP (6 digits) or a recovery code (`XXXXX-XXXXX`); room for spaces pasted around it. */
const twoFactorCode = (description: string) => Type.String({ minLength: 1, maxLength: 32, description });

export const LoginTwoFactorBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 2048, description: 'What `POST /login` answered.' }),
    code: twoFactorCode('The 6 digits of the authenticator app, or an unused recovery code.'),
  },
  { additionalProperties: false, examples: [{ challenge: 'eyJhbGciOiJIUzI1NiJ9.eyJjaGFsbGVuZ2VJZCI6IjEifQ.c2lnbmF0dXJl', code: '123456' }] },
);
export type LoginTwoFactorBody = Static<typeof LoginTwoFactorBody>;

export const ConfirmTwoFactorBody = Type.Object(
  { code: twoFactorCode('The first code the authenticator app shows.') },
  { additionalProperties: false, examples: [{ code: '123456' }] },
);
export type ConfirmTwoFactorBody = Static<typeof ConfirmTwoFactorBody>;

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  required: Type.Boolean({ description: 'Whether this store requires admins to use it (ADMIN_REQUIRE_2FA).' }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** A pending enrolment: nothing is protected until a first code confirms it. */
export const TwoFactorEnrolment = Type.Object(
  {
    secret: Type.String({ description: 'Base32, for entering by hand.' }),
    otpauthUrl: Type.String(),
    qr: Type.String({ description: 'The otpauth URL as a QR code, a PNG data URL.' }),
  },
  {
    examples: [
      {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Top-up%20store:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Top-up%20store',
        qr: 'data:image/png;base64,iVBORw0KGgo=',
      },
    ],
  },
);
export type TwoFactorEnrolment = Static<typeof TwoFactorEnrolment>;

/** Two-factor is on: the recovery codes, shown this once, and a session token replacing the one that enrolled. */
export const TwoFactorConfirmation = Type.Object(
  { ...AuthSession.properties, recoveryCodes: Type.Array(Type.String(), { description: 'Each opens one sign-in without the app; keep them safe.' }) },
  {
    examples: [
      { token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjF9.c2lnbmF0dXJl', nickname: 'admin', userId: 1, recoveryCodes: ['K7F2Q-9XW4M', 'P3N8D-2HV6T'] },
    ],
  },
);
export type TwoFactorConfirmation = Static<typeof TwoFactorConfirmation>;

const tag = 'Two-factor sign-in';

export const twoFactorEndpoints = {
  login: endpoint({
    method: 'post',
    path: '/login/2fa',
    auth: 'none',
    tag,
    summary: 'Sign in, second step: the code',
    description:
      'A wrong code is 401 INVALID_TWO_FACTOR_CODE with `details.attemptsLeft`, and counts as a failed login (429 once blocked); after 5 wrong codes, or once the challenge has expired or been used, 401 TWO_FACTOR_CHALLENGE_EXPIRED: sign in again from the password. The session sets the `device` cookie, as `POST /login` does.',
    body: LoginTwoFactorBody,
    response: AuthSession,
    errors: [429],
  }),
  status: endpoint({
    method: 'get',
    path: '/admin/2fa',
    auth: 'admin-enrolment',
    tag,
    summary: 'Your own two-factor sign-in',
    query: EmptyObject,
    response: TwoFactorStatus,
    errors: [404],
  }),
  enrol: endpoint({
    method: 'post',
    path: '/admin/2fa/enrol',
    auth: 'admin-enrolment',
    tag,
    summary: 'Start setting up two-factor sign-in',
    description: 'A new secret for the authenticator app, replacing any earlier pending one. 409 when two-factor is already on.',
    body: EmptyObject,
    response: TwoFactorEnrolment,
    errors: [409],
  }),
  confirm: endpoint({
    method: 'post',
    path: '/admin/2fa/confirm',
    auth: 'admin-enrolment',
    tag,
    summary: 'Turn two-factor sign-in on with a first code',
    description:
      "Issues the recovery codes and ends the account's other sessions (they were opened with the password alone). A wrong code is 400 INVALID_TWO_FACTOR_CODE; 409 when no set-up is waiting or two-factor is already on.",
    body: ConfirmTwoFactorBody,
    response: TwoFactorConfirmation,
    errors: [409],
  }),
  userStatus: endpoint({
    method: 'get',
    path: '/admin/users/:id/2fa',
    auth: 'admin',
    tag,
    summary: "An account's two-factor sign-in",
    params: IdParams,
    response: TwoFactorStatus,
    errors: [404],
  }),
  reset: endpoint({
    method: 'delete',
    path: '/admin/users/:id/2fa',
    auth: 'admin',
    tag,
    summary: "Reset another admin's two-factor sign-in",
    description: 'They enrol again at their next sign-in, and their sessions end. 409 for your own account (ask another admin) or one without two-factor.',
    params: IdParams,
    response: TwoFactorStatus,
    errors: [404, 409],
  }),
};
