import type { Config } from '../../config';
import { readBodyText } from '../../lib/raw-body';
import type { AppMiddleware } from '../../types';
import type { ApiMetrics } from '../metrics/api-metrics';
import { ClickAction, ClickError, ClickErrorCode, CLICK_ERROR_NOTES, readClickCall, signedBy, type ClickCall } from './click-protocol';
import type { ClickShopService } from './click.service';

/** Where Click's service is pointed for both Prepare and Complete. */
export const CLICK_ENDPOINT_PATH = '/api/payment/webhook/click';

/** Larger than any call Click makes (eleven short fields). */
const BODY_LIMIT_BYTES = 16 * 1024;

/** The echoed ids of a call, as far as it could be read (a number only when Click's id is one). */
function echoOf(form: URLSearchParams | undefined, call: ClickCall | undefined): Record<string, unknown> {
  if (call) return { click_trans_id: call.clickTransId, merchant_trans_id: call.merchantTransId };
  const clickTransId = form?.get('click_trans_id');
  const merchantTransId = form?.get('merchant_trans_id');
  return {
    ...(clickTransId && /^\d{1,15}$/.test(clickTransId) ? { click_trans_id: Number(clickTransId) } : {}),
    ...(merchantTransId ? { merchant_trans_id: merchantTransId } : {}),
  };
}

/**
 * Click's SHOP API endpoint (docs/architecture.md, "Click"), served ahead of the JSON body parser: Click
 * POSTs a form, and every answer is HTTP 200 with JSON in Click's shape (docs.click.uz/en/click-api-error):
 * click_trans_id, merchant_trans_id, merchant_prepare_id (Prepare) or merchant_confirm_id (Complete),
 * error and error_note. A wrong service or signature is -1, a malformed call -8, an unknown action -3,
 * and a failure of the store's -7, which Click reads as "not paid" and so gives the shopper's money back.
 */
export function clickEndpoint(deps: { shop: ClickShopService; settings: Pick<Config['click'], 'serviceId' | 'secretKey'>; recordWebhook: ApiMetrics['recordWebhook'] }): AppMiddleware {
  const { shop, settings, recordWebhook } = deps;
  return async (ctx, next) => {
    if (ctx.path !== CLICK_ENDPOINT_PATH) return next();
    ctx.disableBodyParser = true;
    const text = ctx.method === 'POST' && ctx.is('application/x-www-form-urlencoded') ? await readBodyText(ctx.req, BODY_LIMIT_BYTES) : undefined;
    const form = text === undefined ? undefined : new URLSearchParams(text);
    let call: ClickCall | undefined;
    const answer = (error: ClickErrorCode, idField?: Record<string, number>) => {
      ctx.status = 200;
      ctx.body = { ...echoOf(form, call), ...idField, error, error_note: CLICK_ERROR_NOTES[error] };
    };
    const idFieldOf = (id: number | undefined) =>
      id === undefined ? undefined : { [call?.action === ClickAction.COMPLETE ? 'merchant_confirm_id' : 'merchant_prepare_id']: id };
    const refuse = (err: ClickError) => {
      recordWebhook('click', err.code === ClickErrorCode.FAILED_TO_UPDATE ? 'failed' : 'refused');
      answer(err.code, idFieldOf(err.transactionId));
    };

    if (form === undefined) return refuse(new ClickError(ClickErrorCode.BAD_REQUEST));
    try {
      call = readClickCall(form);
    } catch (err) {
      if (err instanceof ClickError) return refuse(err);
      throw err;
    }
    if (call.serviceId !== settings.serviceId || !signedBy(call, settings.secretKey)) {
      ctx.state.log.warn({ provider: 'click', address: ctx.ip }, 'Click call with a wrong service or signature: refused');
      return refuse(new ClickError(ClickErrorCode.SIGN_CHECK_FAILED));
    }
    const action = call.action === ClickAction.PREPARE ? 'prepare' : 'complete';
    try {
      const id = await shop[action](call);
      recordWebhook('click', 'accepted');
      ctx.state.log.info({ provider: 'click', action, transaction: call.clickTransId }, 'Click call answered');
      answer(ClickErrorCode.SUCCESS, idFieldOf(id));
    } catch (err) {
      if (err instanceof ClickError) {
        ctx.state.log.info({ provider: 'click', action, code: err.code }, 'Click call refused');
        return refuse(err);
      }
      ctx.state.log.error({ err, provider: 'click', action }, 'Click call failed');
      refuse(new ClickError(ClickErrorCode.FAILED_TO_UPDATE));
    }
  };
}
