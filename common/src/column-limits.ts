/** What the store's columns hold, shared by the contracts, the bulk line grammar and the back office's forms. */

/** Largest value of a Postgres integer column (serial ids, game amounts). */
export const MAX_INT = 2_147_483_647;

/** Largest price an admin may set, as a decimal; keeps minor units far inside a safe integer. */
export const MAX_PRICE = 100_000_000;

/** Longest activation code stored. */
export const CODE_MAX_LENGTH = 255;

/** Longest support message, and longest reply to one (support_messages.message, support_replies.message). */
export const SUPPORT_TEXT_MAX_LENGTH = 4000;

/** Longest intro text of the support page, per language (support_settings.intro). */
export const SUPPORT_INTRO_MAX_LENGTH = 300;
