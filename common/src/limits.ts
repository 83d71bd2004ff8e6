/** Largest value of a Postgres integer column (serial ids, game amounts). */
export const MAX_INT = 2_147_483_647;

/** Largest price an admin may set, as a decimal; keeps minor units far inside a safe integer. */
export const MAX_PRICE = 100_000_000;
