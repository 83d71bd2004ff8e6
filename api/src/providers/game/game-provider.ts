/**
 * A game's account as the shopper named it: the game's slug and the values of the game's fields, in the
 * game's order (docs/architecture.md, "Games"). The first field is the account credited (a player id, a
 * Steam login); the others narrow it (a zone, a server).
 */
export interface GameAccount {
  game: string;
  fields: ReadonlyArray<{ key: string; value: string }>;
}

/** The account a request credits: the value of the game's first field. */
export const accountName = (account: GameAccount): string => account.fields[0]?.value ?? '';

/** Whether an account exists in the game, and the name it goes by there. */
export type PlayerCheck = { found: true; nickname: string } | { found: false };

/**
 * A direct credit of a denomination to an account. `offer.id` is the game's own id of it (the
 * denomination's item id, else its id; 0 for a game priced from an amount); `amount` counts `unit`
 * (diamonds; for a game priced from an amount, minor units of the currency `unit` names).
 */
export interface DeliveryRequest {
  account: GameAccount;
  offer: { id: number; amount: number; unit: string };
  idempotencyKey: string;
}

/** Redeems one code of the store's code stock on an account, where the game takes codes. */
export interface CodeRedemptionRequest {
  account: GameAccount;
  /** The code in clear: it leaves the store only in this call. */
  code: string;
  idempotencyKey: string;
}

/**
 * Why the game refused a request for good (retrying the same request gives the same answer):
 * no such player, the game declined the credit for this account, or the code is not redeemable.
 */
export type RejectionReason = 'player_not_found' | 'declined' | 'invalid_code';

export type ProviderOutcome =
  | { status: 'succeeded'; /** The game's id of the credit. */ reference: string }
  | { status: 'rejected'; reason: RejectionReason; /** The game's own words, for logs, not shoppers. */ detail: string };

/**
 * The game could not be reached or answered with a temporary error: nothing is known to have
 * happened, and the same request (same idempotency key) may be sent again later.
 */
export class GameProviderUnavailableError extends Error {
  override name = 'GameProviderUnavailableError';
}

/**
 * A top-up provider for every game the store sells, whatever its fields: no call is particular to a
 * game. The store only ever talks to games through this interface; each implementation (the sandbox, a
 * real adapter) lives in its own file.
 *
 * Every call that credits takes an idempotency key: the same key always gets the first outcome of
 * the credit it names and never credits twice, so a retried or duplicated job is harmless. A
 * rejection credits nothing, so its key may be used again (with another player, say). Calls throw
 * GameProviderUnavailableError for a transient failure and resolve to an outcome otherwise.
 */
export interface GameProvider {
  readonly name: string;
  /** Looks an account up by the game's fields. */
  checkPlayer(account: GameAccount): Promise<PlayerCheck>;
  /** Credits a denomination (or an amount) to an account. */
  deliver(request: DeliveryRequest): Promise<ProviderOutcome>;
  /** Redeems a code of the store's stock on an account. */
  redeemCode(request: CodeRedemptionRequest): Promise<ProviderOutcome>;
}
