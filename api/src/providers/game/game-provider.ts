import type { SteamInputCurrency, TopupService } from '@topup/common';

/** The games the store credits: Free Fire and PUBG by player id, Steam wallets by login. */
export type Game = TopupService;

/** Whether an account exists in the game, and the name it goes by there. */
export type PlayerCheck = { found: true; nickname: string } | { found: false };

/**
 * A direct credit. Free Fire: diamonds of an offer (its item id) to a player id. Steam: an amount of
 * wallet money, in minor units of the currency the shopper chose, to an account login.
 */
export type TopUpRequest =
  | { game: 'freefire'; playerId: string; offerId: number; diamonds: number; idempotencyKey: string }
  | { game: 'steam'; login: string; amount: number; currency: SteamInputCurrency; idempotencyKey: string };

/** Redeems one of the store's PUBG UC codes on a player's account. */
export interface RedeemPubgCodeRequest {
  playerId: string;
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
 * A top-up provider for the games the store sells. The store only ever talks to games through this
 * interface; each implementation (the sandbox, a real adapter) lives in its own file.
 *
 * Every call that credits takes an idempotency key: the same key always gets the first outcome of
 * the credit it names and never credits twice, so a retried or duplicated job is harmless. A
 * rejection credits nothing, so its key may be used again (with another player, say). Calls throw
 * GameProviderUnavailableError for a transient failure and resolve to an outcome otherwise.
 */
export interface GameProvider {
  readonly name: string;
  /** Looks an account up: a player id (Free Fire, PUBG) or a Steam login. */
  checkPlayer(game: Game, account: string): Promise<PlayerCheck>;
  topUp(request: TopUpRequest): Promise<ProviderOutcome>;
  redeemPubgCode(request: RedeemPubgCodeRequest): Promise<ProviderOutcome>;
}
