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
 * (diamonds; for a game priced from an amount, minor units of the currency `unit` names). `product` is the
 * supplier's product bought, when the source is one. `idempotencyKey` is our stable reference of the
 * attempt: a supplier keeps it with its order and finds the order by it.
 *
 * A supplier whose order takes two calls (Smart Glocal: a session, then its payout) names its order by the
 * first answer: `recordSupplierOrderId` keeps that id on the attempt before the call that moves money, and
 * `supplierOrderId` hands it back to a later try of the same attempt, so the money call is never made on a
 * second order of it.
 */
export interface DeliveryRequest {
  account: GameAccount;
  offer: { id: number; amount: number; unit: string };
  product?: { externalId: string; fields: ReadonlyArray<{ name: string }> };
  idempotencyKey: string;
  supplierOrderId?: string;
  recordSupplierOrderId?: (supplierOrderId: string) => Promise<void>;
}

/** A notice as it arrived: its body as sent (some suppliers sign it whole) and its headers, lower-cased. */
export interface ReceivedNotice {
  rawBody: string;
  headers: Readonly<Record<string, string | undefined>>;
}

/** Redeems one code of the store's code stock on an account, where the game takes codes. */
export interface CodeRedemptionRequest {
  account: GameAccount;
  /** The code in clear: it leaves the store only in this call. */
  code: string;
  idempotencyKey: string;
}

/**
 * Why a request was refused for good (retrying the same request gives the same answer). The player's
 * side: no such player, the game declined the credit for this account, the code is not redeemable. The
 * supplier's side (SUPPLIER_SIDE_REASONS): its balance is short, the product is out of stock or not sold,
 * or its order failed; another supplier may yet deliver.
 */
export type RejectionReason =
  | 'player_not_found'
  | 'declined'
  | 'invalid_code'
  | 'insufficient_balance'
  | 'out_of_stock'
  | 'product_unavailable'
  | 'failed';

/** Refusals that say only this supplier will not deliver: the denomination's next source gets the order. */
export const SUPPLIER_SIDE_REASONS: ReadonlySet<RejectionReason> = new Set(['insufficient_balance', 'out_of_stock', 'product_unavailable', 'failed']);

/** What a supplier charged for an order: minor units of `currency` (an ISO code, upper case). */
export interface SupplierCost {
  amount: number;
  currency: string;
}

export type ProviderOutcome =
  | { status: 'succeeded'; /** The provider's id of the credit (a supplier's order id). */ reference: string; cost?: SupplierCost }
  /** Taken and not finished: a callback or a look-up by our reference tells the end. */
  | { status: 'pending'; reference: string; cost?: SupplierCost }
  | { status: 'rejected'; reason: RejectionReason; /** The provider's own words, for logs, not shoppers. */ detail: string };

/** A supplier's signed notification, checked: the order it names by our reference and where it now stands. */
export interface SupplierNotice {
  idempotencyKey: string;
  outcome: ProviderOutcome;
}

/**
 * The game could not be reached or answered with a temporary error: nothing is known to have
 * happened, and the same request (same idempotency key) may be sent again later.
 */
export class GameProviderUnavailableError extends Error {
  override name = 'GameProviderUnavailableError';
}

/**
 * Delivery by a supplier (the sandbox, a wholesaler): what every provider offers, so fulfilment treats
 * them alike (docs/architecture.md, "Suppliers"). A delivery may stay pending; it is then settled by the
 * supplier's notice (readNotice) or by looking it up by our reference (findDelivery), whichever comes first.
 */
export interface DeliveryProvider {
  readonly name: string;
  /** Credits a denomination (or an amount) to an account; the same idempotency key never credits twice. */
  deliver(request: DeliveryRequest): Promise<ProviderOutcome>;
  /**
   * The delivery made under this idempotency key, as it stands now; undefined when the provider knows
   * of none (so a create may be sent). `supplierOrderId` is the id recorded for it, if any
   * (DeliveryRequest.recordSupplierOrderId). Throws GameProviderUnavailableError when it cannot tell.
   */
  findDelivery(idempotencyKey: string, supplierOrderId?: string): Promise<ProviderOutcome | undefined>;
  /**
   * A notice the provider sent to our callback URL (its parameters, as sent, and the request itself), or
   * undefined when its signature or timestamp does not check out.
   */
  readNotice(params: Record<string, string>, received: ReceivedNotice): SupplierNotice | undefined;
  /** The body the provider expects in answer to a notice it sent and the store kept. */
  readonly noticeAnswer: string;
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
export interface GameProvider extends DeliveryProvider {
  /** Looks an account up by the game's fields. */
  checkPlayer(account: GameAccount): Promise<PlayerCheck>;
  /** Redeems a code of the store's stock on an account. */
  redeemCode(request: CodeRedemptionRequest): Promise<ProviderOutcome>;
}

/** A product of a supplier's catalogue, as the store keeps it: cost in minor units. */
export interface SupplierListing {
  externalId: string;
  /** The category's name and the type's, e.g. "PUBG Mobile (Global) 60 UC". */
  name: string;
  fields: Array<{ name: string; label: string }>;
  cost: SupplierCost;
  available: boolean;
}

/** A supplier's account with the store: its catalogue, imported into its products, and where it has one, its balance. */
export interface SupplierAccount {
  products(): Promise<SupplierListing[]>;
  /** What the store has left to spend with the supplier (docs/architecture.md, "Supplier balances"). */
  balance?(): Promise<SupplierCost>;
  /**
   * Looks an account up through the supplier, for one of its products, where it offers that: undefined when
   * it offers no check for this product. Throws GameProviderUnavailableError when it cannot tell.
   */
  checkPlayer?(product: SupplierProductRef, account: GameAccount): Promise<PlayerCheck | undefined>;
}

/** A supplier's product as a call names it: its id and the account fields it asks for, in its order. */
export type SupplierProductRef = NonNullable<DeliveryRequest['product']>;
