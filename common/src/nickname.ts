import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from './rules';

/** Letters of any alphabet, digits, `_`, `.` and `-`: no spaces, no emoji, no other symbols. */
const NICKNAME_CHARACTERS = /^[\p{L}\p{N}_.-]+$/u;

/** Why a nickname cannot be registered: the message key the API answers and the storefront translates. */
export type NicknameError = 'nickname_too_short' | 'nickname_too_long' | 'nickname_invalid';

/** The nickname rule, the same for the API and the registration form; spaces around it are trimmed first. */
export function nicknameError(nickname: string): NicknameError | null {
  const trimmed = nickname.trim();
  if (trimmed.length < NICKNAME_MIN_LENGTH) return 'nickname_too_short';
  if (trimmed.length > NICKNAME_MAX_LENGTH) return 'nickname_too_long';
  if (!NICKNAME_CHARACTERS.test(trimmed)) return 'nickname_invalid';
  return null;
}
