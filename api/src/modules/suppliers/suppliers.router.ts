import Router from '@koa/router';
import { SUPPLIER_KINDS, type SupplierKind } from '../../models';
import type { AppState } from '../../types';
import type { ApiMetrics } from '../metrics/api-metrics';
import type { SupplierProviders } from '../fulfilment/supplier-credit';
import type { TopupDelivery } from '../fulfilment/topup-delivery';

/** Most bytes of a form-encoded notice read. */
const NOTICE_LIMIT = 64 * 1024;

/** A notice's parameters: a JSON object the body parser read, else the form-encoded body read here. */
async function noticeBody(parsed: unknown, stream: AsyncIterable<unknown>): Promise<Record<string, string>> {
  if (parsed && typeof parsed === 'object' && Object.keys(parsed).length > 0) {
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([name, value]) => [name, String(value)]));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > NOTICE_LIMIT) break;
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * Suppliers' notices of their orders (POST /api/suppliers/:kind/callback): called by the supplier, not a
 * browser; the signature over the parameters is the proof. A notice kept (also a repeat) is answered as the
 * supplier requires (SEAGM: the plain text `success`; Smart Glocal: HTTP 200); one that does not check out, or names no order of the
 * store, gets 400 and changes nothing.
 */
export function createSuppliersRouter(deps: {
  delivery: Pick<TopupDelivery, 'receiveNotice'>;
  providers: SupplierProviders;
  recordNotice: ApiMetrics['recordSupplierNotice'];
}) {
  const router = new Router<AppState>({ prefix: '/suppliers' });
  router.post('/:kind/callback', async (ctx) => {
    const kind = ctx.params.kind as SupplierKind;
    const provider = SUPPLIER_KINDS.includes(kind) ? deps.providers[kind] : undefined;
    const params = { ...Object.fromEntries(new URLSearchParams(ctx.querystring)), ...(await noticeBody(ctx.request.body, ctx.req)) };
    // A JSON notice's bytes as sent, which a supplier signing the whole body (Smart Glocal) signed.
    const received = { rawBody: ctx.request.rawBody ?? '', headers: ctx.headers as Record<string, string | undefined> };
    // An unknown kind is counted under one label, so a caller cannot make up series.
    const supplier = provider ? kind : 'unknown';
    if (!provider || !(await deps.delivery.receiveNotice(kind, params, received))) {
      deps.recordNotice(supplier, 'refused');
      ctx.state.log.warn({ supplier }, 'Supplier notice refused');
      ctx.status = 400;
      ctx.type = 'text/plain';
      ctx.body = 'refused';
      return;
    }
    deps.recordNotice(supplier, 'kept');
    ctx.state.log.info({ supplier }, 'Supplier notice kept');
    ctx.type = 'text/plain';
    ctx.body = provider.noticeAnswer;
  });
  return router;
}
