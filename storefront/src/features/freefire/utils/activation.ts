import type { CodeActivation } from '@topup/common/api';

/** Translated texts for the refusals the API answers with (its messages are English). */
const KNOWN_FAILURES = [
  { match: /^invalid code/i, key: 'freefire.activation_errors.invalid_code' },
  { match: /already been activated/i, key: 'freefire.activation_errors.already_activated' },
  { match: /^player not found/i, key: 'freefire.activation_errors.player_not_found' },
  { match: /declined/i, key: 'freefire.activation_errors.declined' },
  { match: /did not accept this code/i, key: 'freefire.activation_errors.not_accepted' },
] as const;

export type ActivationFailureKey = (typeof KNOWN_FAILURES)[number]['key'] | 'freefire.activation_failed';

/**
 * How to tell the shopper an activation did not go through: the server's error
 * (in the interface language when it is a known one), else 'code activation failed'.
 */
export function activationFailure(response: Partial<Extract<CodeActivation, { success: false }>> | null | undefined):
  | { key: ActivationFailureKey }
  | { text: string } {
  const error = typeof response?.error === 'string' ? response.error.trim() : '';
  if (!error) return { key: 'freefire.activation_failed' };
  const known = KNOWN_FAILURES.find((failure) => failure.match.test(error));
  return known ? { key: known.key } : { text: error };
}

/** Both fields must hold more than blanks (else 'please fill all fields'). */
export function canActivate(playerId: string, code: string): boolean {
  return playerId.trim() !== '' && code.trim() !== '';
}
