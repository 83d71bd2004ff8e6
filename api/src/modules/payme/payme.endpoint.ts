import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { readBodyText } from '../../lib/raw-body';
import type { AppMiddleware } from '../../types';
import type { ApiMetrics } from '../metrics/api-metrics';
import { PaymeError, PaymeErrorCode } from './payme-protocol';
import { PAYME_METHODS, type PaymeMerchantService, type PaymeMethod } from './payme.service';

/** Where Payme's cash desk is pointed: its Merchant API endpoint. */
export const PAYME_ENDPOINT_PATH = '/api/payment/webhook/payme';

/** Larger than any call Payme makes (GetStatement's request is two numbers). */
const BODY_LIMIT_BYTES = 64 * 1024;

type JsonRpcId = string | number | null;

/** HTTP Basic `Paycom:<key>`, compared in constant time (developer.help.paycom.uz, "Авторизация"). */
function authorized(header: string | undefined, key: string): boolean {
  if (key === '' || header === undefined) return false;
  const expected = Buffer.from(`Basic ${Buffer.from(`Paycom:${key}`, 'utf8').toString('base64')}`);
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const isMethod = (value: unknown): value is PaymeMethod => typeof value === 'string' && (PAYME_METHODS as readonly string[]).includes(value);

/**
 * Payme's Merchant API endpoint (docs/architecture.md, "Payme"), served ahead of the JSON body parser:
 * Payme's protocol answers everything, a wrong method or a body that is not JSON too, with HTTP 200
 * and a JSON-RPC `error` ("Ошибки (ERRORS)"): -32300 not POST, -32700 not JSON, -32504 wrong
 * authorization, -32600 a malformed call, -32601 an unknown method, -32400 a failure of the store's.
 */
export function paymeEndpoint(deps: { merchant: PaymeMerchantService; settings: Pick<Config['payme'], 'key'>; recordWebhook: ApiMetrics['recordWebhook'] }): AppMiddleware {
  const { merchant, settings, recordWebhook } = deps;
  return async (ctx, next) => {
    if (ctx.path !== PAYME_ENDPOINT_PATH) return next();
    ctx.disableBodyParser = true;
    let id: JsonRpcId = null;
    const answer = (body: Record<string, unknown>) => {
      ctx.status = 200;
      ctx.body = { jsonrpc: '2.0', id, ...body };
    };
    const refuse = (err: PaymeError) => {
      recordWebhook('payme', err.code === PaymeErrorCode.SYSTEM_ERROR ? 'failed' : 'refused');
      answer({ error: { code: err.code, message: err.localized, data: err.data ?? null } });
    };

    if (ctx.method !== 'POST') return refuse(new PaymeError(PaymeErrorCode.NOT_POST));
    let call: unknown;
    try {
      const text = await readBodyText(ctx.req, BODY_LIMIT_BYTES);
      call = text === undefined ? undefined : JSON.parse(text);
    } catch {
      call = undefined;
    }
    if (typeof call !== 'object' || call === null || Array.isArray(call)) return refuse(new PaymeError(PaymeErrorCode.PARSE_ERROR));
    const { method, params, id: callId } = call as Record<string, unknown>;
    if (typeof callId === 'string' || typeof callId === 'number') id = callId;
    if (!authorized(ctx.get('authorization') || undefined, settings.key)) {
      ctx.state.log.warn({ provider: 'payme', address: ctx.ip }, 'Payme call with a wrong authorization: refused');
      return refuse(new PaymeError(PaymeErrorCode.INSUFFICIENT_PRIVILEGE));
    }
    if (typeof method !== 'string' || typeof params !== 'object' || params === null || Array.isArray(params) || id === null) {
      return refuse(new PaymeError(PaymeErrorCode.INVALID_REQUEST));
    }
    if (!isMethod(method)) return refuse(new PaymeError(PaymeErrorCode.METHOD_NOT_FOUND, method));
    try {
      const result = await merchant.call(method, params as Record<string, unknown>);
      recordWebhook('payme', 'accepted');
      ctx.state.log.info({ provider: 'payme', method }, 'Payme call answered');
      answer({ result });
    } catch (err) {
      if (err instanceof PaymeError) {
        ctx.state.log.info({ provider: 'payme', method, code: err.code }, 'Payme call refused');
        return refuse(err);
      }
      ctx.state.log.error({ err, provider: 'payme', method }, 'Payme call failed');
      refuse(new PaymeError(PaymeErrorCode.SYSTEM_ERROR));
    }
  };
}
