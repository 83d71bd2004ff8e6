/** Limits of the support_messages columns (support.schemas SUPPORT_LIMITS). */
export const SUPPORT_LIMITS = { nickname: 64, contact: 200, message: 4000 } as const;

export interface SupportFormValues {
  nickname: string;
  contact: string;
  message: string;
}

export type SupportField = keyof SupportFormValues;

/** Every field is required (a visitor's message needs a way to answer it); blanks do not count. */
export function supportFormErrors(values: SupportFormValues): SupportField[] {
  return (Object.keys(SUPPORT_LIMITS) as SupportField[]).filter((field) => values[field].trim() === '');
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
