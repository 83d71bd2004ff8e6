/** Limits of the support_messages columns (support.schemas SUPPORT_LIMITS). */
export const SUPPORT_LIMITS = { nickname: 64, contact: 200, message: 4000 } as const;

export interface SupportFormValues {
  nickname: string;
  contact: string;
  message: string;
}

export type SupportField = keyof SupportFormValues;

/**
 * The fields left blank that a message needs: every one for a visitor (the contact is the only way to
 * answer them); a signed-in shopper's contact is optional, as the reply shows under "My requests".
 */
export function supportFormErrors(values: SupportFormValues, signedIn: boolean): SupportField[] {
  return (Object.keys(SUPPORT_LIMITS) as SupportField[]).filter((field) => values[field].trim() === '' && !(signedIn && field === 'contact'));
}

/** The body POST /api/support takes: trimmed texts, the session's user id when logged in. */
export function supportPayload(values: SupportFormValues, userId: string | null) {
  return {
    nickname: values.nickname.trim(),
    contact: values.contact.trim(),
    message: values.message.trim(),
    userId: userId || null,
  };
}
