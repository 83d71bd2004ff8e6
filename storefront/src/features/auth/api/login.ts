import { useMutation } from '@tanstack/react-query';
import { ADMIN_ENROLMENT_URL, api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';
import type { AuthResponse } from '../../../types/api';

export interface LoginInput {
  nickname: string;
  password: string;
  /** "Remember me": a 30-day session instead of a day. */
  remember?: boolean;
}

/** The password was right and the account uses two-factor: the code goes with this challenge. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
}

/** A session; `twoFactorEnrolmentRequired` marks an admin's session that is good for enrolment only. */
export type LoginSession = AuthResponse & { twoFactorEnrolmentRequired?: boolean };

export type LoginAnswer = LoginSession | TwoFactorChallenge;

export const needsSecondFactor = (answer: LoginAnswer): answer is TwoFactorChallenge => 'twoFactorRequired' in answer;

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/login', { nickname: input.nickname.trim(), password: input.password, remember: input.remember === true });
}

/**
 * Keeps a session the login (or its second step) answered. An admin who must enrol first is sent to
 * the back office, which shares the session and shows enrolment before anything else.
 */
export function keepSession(session: LoginSession): void {
  saveSession(session);
  if (session.twoFactorEnrolmentRequired) window.location.assign(ADMIN_ENROLMENT_URL);
}

export function useLogin({ mutationConfig }: { mutationConfig?: MutationConfig<typeof login> } = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (...args) => {
      if (!needsSecondFactor(args[0])) keepSession(args[0]);
      return onSuccess?.(...args);
    },
  });
}
