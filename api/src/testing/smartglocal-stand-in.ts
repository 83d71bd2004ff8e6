import { generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config';
import { startTestApp, type TestApp } from './harness';

/*
 * A strict local Smart Glocal for tests, written from its documentation (developer.smart-glocal.com: "API
 * interaction", payout-steam, session/create, session/start/payout, session/status, "Webhooks", payment_finished)
 * and its client library: every request is a POST of a JSON object carrying our project and our RSA-SHA256
 * signature of the raw body (else 401), a malformed body is refused 400 with {status: "error", error: {code,
 * description}}, an idempotency key is taken once (`idempotency_key_already_exists`), a Steam payout is a session
 * created with the wallet and an amount in RUB, then started (and, where the test asks, held for our
 * session/confirm); it stays in_progress until the test finishes it, and each end is sent as a payment_finished
 * webhook signed with the stand-in's own key pair, sent again while we do not answer it with HTTP 200.
 * A payout held for confirmation and not confirmed in time is cancelled with its session ("ready_to_confirm").
 */

/*
 * Smart Glocal's own rules, written here from its documentation ("Request signature") and its client library,
 * not taken from the adapter, so a mistake in the adapter's headers or signing fails the tests instead of
 * agreeing with itself: the body as sent, signed RSASSA-PKCS1-v1_5 over SHA-256, base64, in X-PARTNER-SIGN.
 */
const PROJECT_HEADER = 'x-partner-project';
const SIGN_HEADER = 'X-PARTNER-SIGN';
const IDEMPOTENCY_HEADER = 'x-partner-idempotency-key';
const signatureOf = (body: string, privateKey: KeyObject | string) => sign('sha256', Buffer.from(body), privateKey).toString('base64');
/*
 * "Webhooks", "What to send in response": a webhook answered with a 4xx, a 5xx or nothing is sent again at
 * growing intervals (up to 15 minutes) and no more after 30 minutes. Here the intervals are milliseconds; an
 * answer slower than the timeout counts as none.
 */
const NOTICE_RESEND_DELAYS_MS = [10, 20, 40, 80, 160];
const NOTICE_ANSWER_TIMEOUT_MS = 5_000;

function signedBy(body: string, signature: string | undefined, publicKey: KeyObject | string): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(body), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface SmartglocalStandInPayout {
  sessionId: string;
  /** The session's metadata: our reference. */
  reference: string;
  account: string;
  /** Kopecks. */
  amount: number;
  status: 'pending' | 'in_progress' | 'succeeded' | 'failed';
}

export interface SmartglocalStandIn {
  url: string;
  /** Smart Glocal's public key (PEM), which checks its webhooks. */
  publicKey: string;
  /** Every payout started, oldest first. */
  payouts: SmartglocalStandInPayout[];
  /** Every session created, started or not. */
  sessionCount(): number;
  /** The prefunding balance, in kopecks. */
  setBalance(kopecks: number): void;
  balance(): number;
  /**
   * The next request of `step` (a session created, or a payout started) is carried out, then its answer is lost:
   * the connection dropped at once, or held without an answer past our timeout.
   */
  loseNextAnswer(step: 'create' | 'start', how: 'drop' | 'stall'): void;
  /** Payouts started from now on wait for our session/confirm (next_action `confirm`). */
  requireConfirmation(required: boolean): void;
  /** How many session/confirm calls Smart Glocal took. */
  confirmations(): number;
  /** Where webhooks go, as given to Smart Glocal's manager. */
  setCallbackUrl(url: string): void;
  /**
   * Ends the payout of our reference and sends the signed payment_finished webhook until we answer it with 200
   * or Smart Glocal gives up; resolves to our last answer.
   */
  finish(reference: string, status: 'succeeded' | 'failed'): Promise<{ status: number; body: string }>;
  /**
   * The 240 minutes Smart Glocal waits for the session/confirm of a held payout pass ("ready_to_confirm"): the
   * payout of our reference is cancelled with its session, moving no money, and its payment_finished webhook is
   * sent as `finish` sends it. Throws for a payout that awaits no confirmation.
   */
  expireConfirmation(reference: string): Promise<{ status: number; body: string }>;
  /** Our HTTP status in answer to each sending of a webhook about our reference, oldest first; 0 for no answer. */
  noticeAnswers(reference: string): number[];
  /** The payment_finished webhook of a payout as Smart Glocal signs it: the body as sent and its signature. */
  signedNotice(reference: string): { body: string; signature: string };
  close(): Promise<void>;
}

interface Session {
  id: string;
  status: 'created' | 'in_progress' | 'accepted' | 'cancelled' | 'error';
  account: string;
  amount: number;
  metadata: string;
  nextAction?: 'confirm';
  payout?: SmartglocalStandInPayout & { id: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An RSA key pair in PEM: ours, or the stand-in's own. */
export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export async function startSmartglocalStandIn(options: { project: string; partnerPublicKey: string; balance: number }): Promise<SmartglocalStandIn> {
  const own = rsaKeyPair();
  let balance = options.balance;
  let lose: { step: 'create' | 'start'; how: 'drop' | 'stall' } | undefined;
  let confirmationRequired = false;
  let confirmed = 0;
  let callbackUrl: string | undefined;
  let nextId = 3230;
  const sessions = new Map<string, Session>();
  const keysTaken = new Set<string>();
  const payouts: SmartglocalStandInPayout[] = [];
  const stamp = () => new Date().toISOString().replace('Z', '000Z');

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  // Smart Glocal documents an error's shape but, of its codes, only idempotency_key_already_exists (its client
  // library); every other code here is the stand-in's own.
  const refuse = (res: ServerResponse, status: number, code: string, description: string) => send(res, status, { status: 'error', error: { code, description } });

  const sessionJson = (session: Session) => ({
    id: session.id,
    status: session.status,
    created_at: stamp(),
    updated_at: stamp(),
    ...(session.nextAction ? { next_action: session.nextAction } : {}),
    ...(session.payout
      ? {
          payments: [
            {
              id: session.payout.id,
              status: session.payout.status,
              created_at: stamp(),
              payment_method: { type: 'wallet', wallet: { type: 'steam', steam: { account: session.account } } },
              amount_details: { amount: session.amount, currency: 'rub' },
              metadata: session.metadata,
            },
          ],
        }
      : {}),
  });

  function create(res: ServerResponse, body: Record<string, unknown>): void {
    const method = body.payment_method;
    const wallet = isObject(method) && method.type === 'wallet' && isObject(method.wallet) ? method.wallet : undefined;
    const steam = wallet?.type === 'steam' && isObject(wallet.steam) ? wallet.steam : undefined;
    const amount = isObject(body.amount_details) ? body.amount_details : undefined;
    if (typeof steam?.account !== 'string' || steam.account === '') return refuse(res, 400, 'invalid_request', 'payment_method.wallet.steam.account is required');
    if (!Number.isSafeInteger(amount?.amount) || (amount?.amount as number) <= 0) return refuse(res, 400, 'invalid_request', 'amount_details.amount must be a positive integer');
    if (typeof amount?.currency !== 'string' || amount.currency.toLowerCase() !== 'rub') return refuse(res, 400, 'invalid_request', 'Steam wallets are topped up in RUB');
    const session: Session = { id: `ps_${(nextId += 1)}`, status: 'created', account: steam.account, amount: amount.amount as number, metadata: typeof body.metadata === 'string' ? body.metadata : '' };
    sessions.set(session.id, session);
    answer(res, 'create', { status: 'ok', session: sessionJson(session) });
  }

  /** Answers a request of `step`, unless the test asked for that answer to be lost. */
  function answer(res: ServerResponse, step: 'create' | 'start', body: unknown): void {
    if (lose?.step !== step) return send(res, 200, body);
    const { how } = lose;
    lose = undefined;
    // A stalled answer is left open until our timeout gives up on it (or the stand-in closes).
    if (how === 'drop') res.socket?.destroy();
  }

  function startPayout(res: ServerResponse, body: Record<string, unknown>): void {
    const session = typeof body.session_id === 'string' ? sessions.get(body.session_id) : undefined;
    if (!session) return refuse(res, 400, 'session_not_found', 'No session with this session_id');
    if (session.status !== 'created') return refuse(res, 400, 'invalid_session_status', `The session is ${session.status}`);
    // Undocumented: "Payouts" says only that payouts beyond the prefunding balance cannot be completed.
    if (balance < session.amount) return refuse(res, 400, 'insufficient_funds', 'The prefunding balance is not enough for this payout');
    balance -= session.amount;
    session.status = 'in_progress';
    session.payout = {
      id: `po_${(nextId += 1)}`,
      sessionId: session.id,
      reference: session.metadata,
      account: session.account,
      amount: session.amount,
      status: confirmationRequired ? 'pending' : 'in_progress',
    };
    if (confirmationRequired) session.nextAction = 'confirm';
    payouts.push(session.payout);
    answer(res, 'start', { status: 'ok', session: sessionJson(session) });
  }

  function confirm(res: ServerResponse, body: Record<string, unknown>): void {
    const session = typeof body.session_id === 'string' ? sessions.get(body.session_id) : undefined;
    if (!session) return refuse(res, 400, 'session_not_found', 'No session with this session_id');
    if (session.nextAction !== 'confirm' || !session.payout) return refuse(res, 400, 'invalid_session_status', 'The session awaits no confirmation');
    confirmed += 1;
    session.nextAction = undefined;
    session.payout.status = 'in_progress';
    send(res, 200, { status: 'ok', session: sessionJson(session) });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method !== 'POST') return refuse(res, 405, 'invalid_request', 'Only POST is accepted');
    if (req.headers[PROJECT_HEADER] !== options.project) return refuse(res, 401, 'invalid_project', 'Unknown project');
    const signature = req.headers[SIGN_HEADER.toLowerCase()];
    if (!signedBy(raw, typeof signature === 'string' ? signature : undefined, options.partnerPublicKey)) {
      return refuse(res, 401, 'invalid_signature', 'The signature does not match the request body');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(res, 400, 'invalid_request', 'The body is not JSON');
    }
    if (!isObject(body)) return refuse(res, 400, 'invalid_request', 'The body is not a JSON object');
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (typeof key === 'string') {
      if (keysTaken.has(key)) return refuse(res, 400, 'idempotency_key_already_exists', 'already in progress or processed');
      keysTaken.add(key);
    }
    if (path === '/api/v1/session/create') return create(res, body);
    if (path === '/api/v1/session/start/payout') return startPayout(res, body);
    if (path === '/api/v1/session/confirm') return confirm(res, body);
    if (path === '/api/v1/session/status') {
      const session = typeof body.session_id === 'string' ? sessions.get(body.session_id) : undefined;
      return session ? send(res, 200, { status: 'ok', session: sessionJson(session) }) : refuse(res, 400, 'session_not_found', 'No session with this session_id');
    }
    if (path === '/api/v1/wallet/balance') return send(res, 200, { status: 'ok', wallets: [{ id: 'wallet_rub', amount_details: { amount: balance, currency: 'rub' } }] });
    refuse(res, 404, 'not_found', 'Unknown method');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => refuse(res, 500, 'internal_error', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sessionOf = (reference: string): Session => {
    const session = [...sessions.values()].find((candidate) => candidate.payout?.reference === reference);
    if (!session) throw new Error(`No Smart Glocal payout of ${reference}`);
    return session;
  };
  const signedNotice = (reference: string) => {
    const body = JSON.stringify({ type: 'payment_finished', session: sessionJson(sessionOf(reference)) });
    return { body, signature: signatureOf(body, own.privateKey) };
  };
  const answersByReference = new Map<string, number[]>();
  /** Sends the payment_finished webhook of our reference until we answer it with 200 or the resends run out. */
  async function sendNotice(reference: string): Promise<{ status: number; body: string }> {
    let last = { status: 0, body: '' };
    if (!callbackUrl) return last;
    const notice = signedNotice(reference);
    const answers = answersByReference.get(reference) ?? [];
    answersByReference.set(reference, answers);
    for (const delay of [0, ...NOTICE_RESEND_DELAYS_MS]) {
      await sleep(delay);
      const reply = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGN_HEADER]: notice.signature },
        body: notice.body,
        signal: AbortSignal.timeout(NOTICE_ANSWER_TIMEOUT_MS),
      }).catch(() => undefined);
      last = reply ? { status: reply.status, body: await reply.text().catch(() => '') } : { status: 0, body: '' };
      answers.push(last.status);
      if (last.status === 200) break;
    }
    return last;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    publicKey: own.publicKey,
    payouts,
    sessionCount: () => sessions.size,
    setBalance: (kopecks) => {
      balance = kopecks;
    },
    balance: () => balance,
    loseNextAnswer: (step, how) => {
      lose = { step, how };
    },
    requireConfirmation: (required) => {
      confirmationRequired = required;
    },
    confirmations: () => confirmed,
    setCallbackUrl: (url) => {
      callbackUrl = url;
    },
    signedNotice,
    noticeAnswers: (reference) => [...(answersByReference.get(reference) ?? [])],
    async finish(reference, status) {
      const session = sessionOf(reference);
      session.payout!.status = status;
      // A failed payout leaves its session in `error`, which Smart Glocal says is not final.
      session.status = status === 'succeeded' ? 'accepted' : 'error';
      return sendNotice(reference);
    },
    async expireConfirmation(reference) {
      const session = sessionOf(reference);
      if (session.nextAction !== 'confirm') throw new Error(`The Smart Glocal payout of ${reference} awaits no confirmation`);
      session.nextAction = undefined;
      session.status = 'cancelled';
      // A payout's statuses have no "cancelled": one that was never made ends failed, in its cancelled session.
      session.payout!.status = 'failed';
      balance += session.amount;
      return sendNotice(reference);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A test store set up for Smart Glocal under `project`, with a key pair of our own, against a stand-in of its own
 * holding `balance` kopecks; `settings` go over the test store's own. The stand-in sends no webhook until told where.
 */
export async function startSmartglocalTestStore(
  project: string,
  balance: number,
  settings: Partial<Config> = {},
): Promise<{ smartglocal: SmartglocalStandIn; app: TestApp; ourKeys: { privateKey: string; publicKey: string } }> {
  const ourKeys = rsaKeyPair();
  const smartglocal = await startSmartglocalStandIn({ project, partnerPublicKey: ourKeys.publicKey, balance });
  const app = await startTestApp({
    smartglocal: { apiUrl: smartglocal.url, project, privateKey: ourKeys.privateKey, publicKey: smartglocal.publicKey },
    ...settings,
  });
  return { smartglocal, app, ourKeys };
}
