import type { RawOperation } from './openapi-document';

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const plainText = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });
const errorBody = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });

/**
 * The routes under /api that do not take or give JSON by a contract, described for the clients that call
 * them. The schema coverage test lists the same paths as its exceptions.
 */
export const rawOperations: RawOperation[] = [
  {
    method: 'get',
    path: '/metrics',
    operation: {
      tags: ['Operations'],
      summary: 'Prometheus metrics',
      description:
        "The scrape of the whole store in Prometheus' text format: this API process's and every workers process's metrics (told apart by the `process` label), queue depths and the database's figures read now. Send `Authorization: Bearer <METRICS_TOKEN>` or an admin's token.",
      security: [{ bearer: [] }],
      responses: {
        '200': plainText('The metrics'),
        '401': errorBody('No token, or not a valid one'),
        '403': errorBody('Not an admin'),
      },
    },
  },
  {
    method: 'post',
    path: '/suppliers/{kind}/callback',
    operation: {
      tags: ['Payments'],
      summary: "A supplier's notice of its order",
      description:
        "Called by a wholesale supplier, not a browser, in its own format (SEAGM: form-encoded parameters signed with HMAC-SHA256, `mch_order_id` naming our reference, within 120 s of its timestamp; Smart Glocal: a JSON webhook whose raw body is signed with RSA-SHA256 in `X-PARTNER-SIGN`, the payout's `metadata` naming our reference). A notice kept, or a repeat, is answered as the supplier requires (SEAGM: the plain text `success`; Smart Glocal: HTTP 200, `OK`); one whose signature or timestamp does not check out, or that names no order of the store, is answered 400 and changes nothing. MooGold signs no callback, so one from it is always answered 400: MooGold orders are settled by looking them up.",
      security: [],
      parameters: [{ name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['seagm', 'smartglocal'] } }],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } },
      },
      responses: {
        '200': { description: 'Kept', content: { 'text/plain': { schema: { type: 'string', enum: ['success', 'OK'] } } } },
        '400': { description: 'Not a notice of this supplier', content: { 'text/plain': { schema: { type: 'string' } } } },
      },
    },
  },
  {
    method: 'post',
    path: '/payment/webhook/{provider}',
    operation: {
      tags: ['Payments'],
      summary: "The payment gateway's notification",
      description:
        "Called by the gateway, not a browser. The body is the gateway's own format (YooKassa: a notification object), read raw; the gateway's signature or a look-up of the payment at the gateway is the proof, never the body alone. Answers 200 `{received: true}` once stored, also for a repeat. A YooKassa notification from outside `YOOKASSA_NOTIFICATION_IPS`, or naming no payment of the store, is answered 200 too and changes nothing (YooKassa re-delivers anything else). Payme (`payme`, its Merchant API in JSON-RPC) and Click (`click`, its SHOP API: Prepare and Complete as a signed form, answered in Click's JSON) call these paths in their own protocols when the store pays through them.",
      security: [],
      parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string', enum: ['yookassa', 'sandbox'] } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        '200': { description: 'Stored', content: { 'application/json': { schema: { type: 'object', properties: { received: { const: true } } } } } },
        '400': errorBody('Not a notification of this gateway'),
      },
    },
  },
  {
    method: 'get',
    path: '/payment/sandbox/{paymentId}',
    operation: {
      tags: ['Payments'],
      summary: "The sandbox gateway's pay page",
      description: 'Where `confirmation_url` sends the shopper when the sandbox gateway is in use: a card or SBP form that approves or declines.',
      security: [],
      parameters: [{ name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': html('The pay page, or the outcome when already decided'), '404': html('No such payment') },
    },
  },
  {
    method: 'post',
    path: '/payment/sandbox/{paymentId}',
    operation: {
      tags: ['Payments'],
      summary: "The sandbox pay page's form",
      security: [],
      parameters: [{ name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } },
      responses: {
        '200': html('The outcome'),
        '303': { description: 'Back to the store' },
        '404': html('No such payment'),
        '409': html('Already decided'),
        // The form is read by the page itself; a JSON body is read (and refused) by the app's body parser first.
        '413': {
          description: 'The form (or a JSON body) is too large',
          content: { ...html('').content, ...errorBody('').content },
        },
        '415': html('Not a form of the pay page'),
      },
    },
  },
  {
    method: 'get',
    path: '/admin/queues',
    operation: {
      tags: ['Back office: queues'],
      summary: 'The job queues dashboard (bull-board)',
      description: "A page for operators, opened with the cookie `POST /admin/queues/session` sets (or an admin's bearer token). Its own pages and calls live below this path.",
      security: [{ queueDashboardSession: [] }, { bearer: [] }],
      responses: { '200': html('The dashboard'), '401': plainText('No queue dashboard session'), '403': plainText('Not an admin') },
    },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operation: { tags: ['Reference'], summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } } } },
  },
  {
    method: 'get',
    path: '/docs',
    operation: { tags: ['Reference'], summary: 'This document, to browse', security: [], responses: { '200': html('Swagger UI') } },
  },
  {
    method: 'get',
    path: '/docs/{file}',
    operation: {
      tags: ['Reference'],
      summary: "The viewer's script and stylesheet",
      security: [],
      parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', enum: ['viewer.js', 'swagger-ui.css', 'swagger-ui-bundle.js'] } }],
      responses: { '200': { description: 'The file' }, '404': errorBody('Not a file of the viewer') },
    },
  },
];
