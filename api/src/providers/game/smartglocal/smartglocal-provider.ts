import type { KeyObject } from 'node:crypto';
import type { Logger } from '../../../logger';
import {
  GameProviderUnavailableError,
  accountName,
  type DeliveryProvider,
  type DeliveryRequest,
  type ProviderOutcome,
  type ReceivedNotice,
  type RejectionReason,
  type SupplierAccount,
  type SupplierCost,
  type SupplierListing,
  type SupplierNotice,
} from '../game-provider';
import { isObject, jsonObjectOf, SUPPLIER_CALL_TIMEOUT_MS, text, type Json } from '../supplier-json';
import {
  SMARTGLOCAL_IDEMPOTENCY_HEADER,
  SMARTGLOCAL_PROJECT_HEADER,
  SMARTGLOCAL_SIGN_HEADER,
  privateKeyOf,
  publicKeyOf,
  smartglocalSignature,
  smartglocalSignatureValid,
} from './smartglocal-signature';

/*
 * Smart Glocal payouts to Steam wallets (docs/architecture.md, "Suppliers"), built from developer.smart-glocal.com,
 * "Steam wallet topup service" (payout-steam):
 * POST api/v1/session/create with the wallet {type: steam, steam: {account}} and the amount in kopecks RUB (Smart
 * Glocal credits the wallet its USD value at its own hourly rate), then POST api/v1/session/start/payout with the
 * session's id. Every call is signed ("API interaction"; smartglocal-signature.ts). What the pages say, and where
 * this adapter decides:
 * - Our reference is the payout's idempotency key (X-PARTNER-IDEMPOTENCY-KEY, from Smart Glocal's own client
 *   library; a repeat is refused with `idempotency_key_already_exists`) and the session's `metadata`, which Smart
 *   Glocal returns in answers and webhooks. Sessions are looked up only by their id (session/status), so the
 *   session's id is recorded on our attempt before the payout is started: an attempt without one started nothing,
 *   one with one is read back by it, and the payout is only ever started on that session.
 * - A payout Smart Glocal holds for confirmation (next_action `confirm`, after a ready_to_confirm webhook) is
 *   confirmed with session/confirm when it is started or next read back ("Payouts", session/status).
 * - A session (created, in_progress, accepted, cancelled, error) holds the payout (`payments`, v1) whose status
 *   is in_progress / pending, succeeded or failed. Per the payment_finished page a failed payout in an `error`
 *   session is not final ("contact Smart Glocal support"), so it is an unknown state, never a failover;
 *   a `cancelled` session is a definite non-delivery.
 * - Errors are {status: "error", error: {code, description}}. The pages list no codes; `insufficient_funds` (the
 *   prefunding balance short) is read as a short balance, any other refusal (4xx) as a definite failure of this
 *   supplier; 401/403 (our key or project refused), 408, 429, 5xx and no answer leave the outcome unknown.
 * - Webhooks ("Webhooks"): signed like our requests with Smart Glocal's key, answered with HTTP 200; a notice that
 *   is refused is sent again for 30 minutes. payment_finished carries the session with its final status.
 * - The prefunding balance is read with POST api/v1/wallet/balance ("Payouts": monitor it with wallet/balance).
 */

export interface SmartglocalSettings {
  apiUrl: string;
  project: string;
  /** Our RSA private key (PEM): signs our requests. */
  privateKey: string;
  /** Smart Glocal's RSA public key (PEM): checks its webhooks. */
  publicKey: string;
}

/** The one product Smart Glocal sells the store: a Steam wallet credited with an amount of roubles. */
export const SMARTGLOCAL_STEAM_PRODUCT: SupplierListing = {
  externalId: 'steam-wallet-rub',
  name: 'Steam wallet (RUB)',
  fields: [{ name: 'account', label: 'Steam login' }],
  // Per rouble paid out: the wallet is bought at its face value (Smart Glocal's fee is in the agreement, not the API).
  cost: { amount: 100, currency: 'RUB' },
  available: true,
};

/** Smart Glocal's error code for a repeat of an idempotency key it has already taken. */
export const IDEMPOTENCY_KEY_TAKEN = 'idempotency_key_already_exists';
/** The error code read as the prefunding balance being short. */
export const INSUFFICIENT_FUNDS = 'insufficient_funds';

/** What Smart Glocal expects in answer to a webhook: any body with HTTP 200. */
export const SMARTGLOCAL_NOTICE_ANSWER = 'OK';

/** An answer of Smart Glocal: its HTTP status and JSON body. */
interface SmartglocalAnswer {
  status: number;
  body: Json;
}

const errorOf = (answer: SmartglocalAnswer): { code: string; description: string } => {
  const error = isObject(answer.body.error) ? answer.body.error : {};
  return { code: text(error.code), description: text(error.description) };
};

const errorMessage = (answer: SmartglocalAnswer): string => {
  const { code, description } = errorOf(answer);
  return `Smart Glocal answered ${answer.status} ${code}: ${description}`.trim();
};

const refusal = (answer: SmartglocalAnswer): ProviderOutcome => {
  const reason: RejectionReason = errorOf(answer).code === INSUFFICIENT_FUNDS ? 'insufficient_balance' : 'failed';
  return { status: 'rejected', reason, detail: errorMessage(answer) };
};

/** The session's payout: `payments` in API v1 (`payout_list` in v2). */
function payoutOf(session: Json): Json | undefined {
  const list = Array.isArray(session.payments) ? session.payments : Array.isArray(session.payout_list) ? session.payout_list : [];
  return list.find(isObject);
}

function costOf(payout: Json | undefined): SupplierCost | undefined {
  const amount = isObject(payout?.amount_details) ? payout.amount_details : undefined;
  const value = Number(amount?.amount);
  const currency = text(amount?.currency).toUpperCase();
  return Number.isSafeInteger(value) && value >= 0 && currency ? { amount: value, currency } : undefined;
}

/**
 * Where a session's payout stands: undefined while no payout was started on it. Throws
 * GameProviderUnavailableError for a state that is not final or not known.
 */
function outcomeOf(session: Json): ProviderOutcome | undefined {
  const reference = text(session.id);
  const status = text(session.status);
  const payout = payoutOf(session);
  const cost = costOf(payout);
  const withCost = cost ? { cost } : {};
  const payoutStatus = text(payout?.status);
  if (status === 'created' && !payout) return undefined;
  if (status === 'cancelled') return { status: 'rejected', reason: 'failed', detail: `Smart Glocal session ${reference} was cancelled` };
  if (payoutStatus === 'succeeded') return { status: 'succeeded', reference, ...withCost };
  if (payoutStatus === 'in_progress' || payoutStatus === 'pending' || (status === 'in_progress' && !payout) || status === 'created') {
    return { status: 'pending', reference, ...withCost };
  }
  throw new GameProviderUnavailableError(`Smart Glocal session ${reference} is ${status} with its payout ${payoutStatus || 'absent'}: not final, for a person to check`);
}

export function createSmartglocalProvider(deps: { settings: SmartglocalSettings; logger: Logger; timeoutMs?: number }): DeliveryProvider & SupplierAccount {
  const { settings, logger } = deps;
  const apiUrl = settings.apiUrl.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? SUPPLIER_CALL_TIMEOUT_MS;
  const privateKey: KeyObject = privateKeyOf(settings.privateKey);
  const publicKey: KeyObject = publicKeyOf(settings.publicKey);

  /**
   * One signed call. Resolves to Smart Glocal's answer for a 2xx or a refusal (4xx); no answer, a timeout, 408,
   * 429, a 5xx, and 401/403 (our key or project refused) leave the outcome unknown and throw
   * GameProviderUnavailableError. Keys and signatures are never logged.
   */
  async function call(path: string, payload: Json, idempotencyKey?: string): Promise<SmartglocalAnswer> {
    const body = JSON.stringify(payload);
    const startedAt = Date.now();
    let response: Response;
    let raw: string;
    try {
      response = await fetch(`${apiUrl}/api/v1/${path}`, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          [SMARTGLOCAL_PROJECT_HEADER]: settings.project,
          [SMARTGLOCAL_SIGN_HEADER]: smartglocalSignature(body, privateKey),
          ...(idempotencyKey ? { [SMARTGLOCAL_IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.warn({ path, reason, ms: Date.now() - startedAt }, 'Smart Glocal call failed');
      throw new GameProviderUnavailableError(`Smart Glocal ${path} failed: ${reason}`);
    }
    const answer = { status: response.status, body: jsonObjectOf(raw) };
    logger.debug({ path, status: answer.status, ms: Date.now() - startedAt }, 'Smart Glocal call');
    if (answer.status === 401 || answer.status === 403) {
      logger.error({ path, status: answer.status }, 'Smart Glocal refused our project or signature');
      throw new GameProviderUnavailableError(errorMessage(answer));
    }
    if (answer.status === 408 || answer.status === 429 || answer.status >= 500) throw new GameProviderUnavailableError(errorMessage(answer));
    return answer;
  }

  const sessionOf = (answer: SmartglocalAnswer): Json | undefined =>
    answer.status < 300 && answer.body.status === 'ok' && isObject(answer.body.session) ? answer.body.session : undefined;

  /**
   * Where a session stands, confirming first a payout Smart Glocal holds for our confirmation ("Payouts": a
   * ready_to_confirm webhook, next_action `confirm`, answered with session/confirm). A refused confirmation (one
   * already made) leaves the session as it was read.
   */
  async function settled(session: Json): Promise<ProviderOutcome | undefined> {
    if (session.next_action !== 'confirm') return outcomeOf(session);
    const confirmed = sessionOf(await call('session/confirm', { session_id: text(session.id) }));
    return outcomeOf(confirmed ?? session);
  }

  async function status(sessionId: string): Promise<ProviderOutcome | undefined> {
    const answer = await call('session/status', { session_id: sessionId });
    const session = sessionOf(answer);
    // The session was recorded from Smart Glocal's own answer: not knowing it now is not "no payout".
    if (!session) throw new GameProviderUnavailableError(errorMessage(answer));
    return settled(session);
  }

  async function findDelivery(_idempotencyKey: string, sessionId?: string): Promise<ProviderOutcome | undefined> {
    // No session recorded: the payout, started only on a recorded session, was never asked for.
    return sessionId ? status(sessionId) : undefined;
  }

  async function deliver(request: DeliveryRequest): Promise<ProviderOutcome> {
    if (request.offer.unit.toUpperCase() !== 'RUB') {
      return { status: 'rejected', reason: 'product_unavailable', detail: `Smart Glocal pays Steam wallets in RUB, not ${request.offer.unit}` };
    }
    let sessionId = request.supplierOrderId;
    if (!sessionId) {
      const created = await call('session/create', {
        payment_method: { type: 'wallet', wallet: { type: 'steam', steam: { account: accountName(request.account) } } },
        amount_details: { amount: request.offer.amount, currency: 'RUB' },
        metadata: request.idempotencyKey,
      });
      const session = sessionOf(created);
      if (!session) return refusal(created);
      sessionId = text(session.id);
      await request.recordSupplierOrderId?.(sessionId);
    }
    const started = await call('session/start/payout', { session_id: sessionId }, request.idempotencyKey);
    const session = sessionOf(started);
    if (session) return (await settled(session)) ?? { status: 'pending', reference: sessionId };
    // Started already under our key (an answer lost on the way): the session tells where it stands.
    if (errorOf(started).code === IDEMPOTENCY_KEY_TAKEN) return (await status(sessionId)) ?? { status: 'pending', reference: sessionId };
    return refusal(started);
  }

  function readNotice(_params: Record<string, string>, received: ReceivedNotice): SupplierNotice | undefined {
    if (!smartglocalSignatureValid(received.rawBody, received.headers[SMARTGLOCAL_SIGN_HEADER.toLowerCase()], publicKey)) return undefined;
    const notice = jsonObjectOf(received.rawBody);
    const session = isObject(notice.session) ? notice.session : undefined;
    if (!session) return undefined;
    const reference = text(payoutOf(session)?.metadata) || text(session.metadata);
    if (!reference) return undefined;
    const pending: ProviderOutcome = { status: 'pending', reference: text(session.id) };
    try {
      // Only payment_finished ends a payout; any other webhook (ready_to_confirm, action_required) says it is still on its way.
      return { idempotencyKey: reference, outcome: (notice.type === 'payment_finished' && outcomeOf(session)) || pending };
    } catch {
      // A failed payout in an error session is not final: it waits for the look-up and a person.
      return { idempotencyKey: reference, outcome: pending };
    }
  }

  return {
    name: 'smartglocal',
    noticeAnswer: SMARTGLOCAL_NOTICE_ANSWER,
    deliver,
    findDelivery,
    readNotice,

    products: () => Promise.resolve([SMARTGLOCAL_STEAM_PRODUCT]),

    async balance() {
      const answer = await call('wallet/balance', { request_datetime: new Date().toISOString() });
      const wallets = Array.isArray(answer.body.wallets) ? answer.body.wallets.filter(isObject) : [];
      const rub = wallets.map((wallet) => costOf(wallet)).find((cost) => cost?.currency === 'RUB');
      if (answer.status >= 300 || !rub) throw new GameProviderUnavailableError(errorMessage(answer));
      return rub;
    },
  };
}
