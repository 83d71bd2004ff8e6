import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SignInAnswer, TwoFactorChallenge } from '@topup/common/api';
import { ADMIN_ENROLMENT_URL, api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';

/** A session; `twoFactorEnrolmentRequired` marks an admin's session that is good for enrolment only. */
export type LoginSession = Exclude<SignInAnswer, TwoFactorChallenge>;

export const needsSecondFactor = (answer: SignInAnswer): answer is TwoFactorChallenge => 'twoFactorRequired' in answer;

export function login(input: LoginBody): Promise<SignInAnswer> {
  return api.post<SignInAnswer>('/login', { nickname: input.nickname.trim(), password: input.password, remember: input.remember === true });
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
