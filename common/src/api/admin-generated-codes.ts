import Type, { type Static } from 'typebox';
import { GENERATION_STATUSES } from '../admin-records';
import { CODE_STATUSES } from '../rules';
import { BigIdParams, endpoint, MAX_INT, Nullable, Strict, StringEnum, Timestamp } from './contract';
import { listEndpoint } from './admin-crud';

/** Most codes one generation request may ask for. */
export const MAX_GENERATION_COUNT = 100_000;
/** Most ids one publish call may name; a whole request is published by its id instead. */
export const MAX_PUBLISH_IDS = 10_000;

const RequestId = Type.String({ format: 'uuid' });
const exampleRequestId = '3f9a1c2e-8b4d-4e6f-a1b2-c3d4e5f60718';

/** A generated Free Fire code. */
export const GeneratedCode = Type.Object(
  {
    id: Type.Integer(),
    denominationId: Type.Integer(),
    denominationName: Type.String(),
    productId: Type.Integer({ description: 'The Free Fire product it is sold as.' }),
    code: Type.String({ description: 'Masked: the first 3 and last 4 characters of a code of 12 or more, else the last 4.' }),
    gameAmount: Type.Integer(),
    priceUsd: Type.Number(),
    priceRub: Type.Number(),
    status: StringEnum(CODE_STATUSES),
    published: Type.Boolean({ description: 'Shoppers can buy it.' }),
    generationRequestId: Nullable(Type.String()),
    orderId: Nullable(Type.Integer()),
    activatedPlayerId: Nullable(Type.String()),
    createdAt: Timestamp,
  },
  {
    examples: [
      {
        id: 70311,
        denominationId: 1,
        denominationName: '100 Diamonds',
        productId: 4,
        code: 'H4M••••••K7QZ',
        gameAmount: 100,
        priceUsd: 0.99,
        priceRub: 89,
        status: 'available',
        published: true,
        generationRequestId: exampleRequestId,
        orderId: null,
        activatedPlayerId: null,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ],
  },
);
export type GeneratedCode = Static<typeof GeneratedCode>;

const generationStatus = StringEnum(GENERATION_STATUSES);

/** A code-generation request and its progress. */
export const GenerationRequest = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    denominationId: Type.Integer(),
    denominationName: Type.String(),
    count: Type.Integer(),
    generated: Type.Integer({ description: 'Codes made so far.' }),
    status: generationStatus,
    error: Nullable(Type.String()),
    requestedBy: Nullable(Type.Integer({ description: 'The admin who asked.' })),
    createdAt: Timestamp,
    finishedAt: Nullable(Timestamp),
  },
  {
    examples: [
      {
        id: exampleRequestId,
        denominationId: 1,
        denominationName: '100 Diamonds',
        count: 5000,
        generated: 5000,
        status: 'completed',
        error: null,
        requestedBy: 1,
        createdAt: '2026-03-01T09:00:00.000Z',
        finishedAt: '2026-03-01T09:00:40.000Z',
      },
    ],
  },
);
export type GenerationRequest = Static<typeof GenerationRequest>;

/** What a generation request answers (202): the job does the work. */
export const GenerationAccepted = Type.Object(
  { id: Type.String({ format: 'uuid' }), denominationId: Type.Integer(), count: Type.Integer(), generated: Type.Integer(), status: generationStatus },
  { examples: [{ id: exampleRequestId, denominationId: 1, count: 5000, generated: 0, status: 'queued' }] },
);
export type GenerationAccepted = Static<typeof GenerationAccepted>;

export const GenerateCodesBody = Type.Object(
  {
    denominationId: Type.Integer({ minimum: 1, maximum: MAX_INT }),
    count: Type.Integer({ minimum: 1, maximum: MAX_GENERATION_COUNT }),
  },
  { additionalProperties: false, examples: [{ denominationId: 1, count: 5000 }] },
);
export type GenerateCodesBody = Static<typeof GenerateCodesBody>;

export const PublishCodesBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { minItems: 1, maxItems: MAX_PUBLISH_IDS })),
    generationRequestId: Type.Optional(RequestId),
    published: Type.Boolean(),
  },
  { additionalProperties: false, examples: [{ generationRequestId: exampleRequestId, published: true }] },
);
export type PublishCodesBody = Static<typeof PublishCodesBody>;

const tag = 'Back office: generated Free Fire codes';

export const adminGeneratedCodeEndpoints = {
  list: listEndpoint({
    path: '/admin/generated-codes',
    resource: 'generated-codes',
    tag,
    summary: 'List generated codes (masked)',
    description:
      'Filters: `denominationId`, `status`, `published`, `generationRequestId`. Sort: id, createdAt, status, published, denominationId, gameAmount, priceUsd, priceRub.',
    record: GeneratedCode,
  }),
  generate: endpoint({
    method: 'post',
    path: '/admin/generated-codes/generate',
    auth: 'admin',
    tag,
    summary: 'Generate codes',
    description: 'Records the request and queues the code-generation job (202); follow it at `/requests/{id}`. 404 for an unknown denomination or no Free Fire product.',
    body: GenerateCodesBody,
    status: 202,
    response: GenerationAccepted,
    errors: [404],
  }),
  publish: endpoint({
    method: 'post',
    path: '/admin/generated-codes/publish',
    auth: 'admin',
    tag,
    summary: 'Show or hide codes in the store',
    description: 'Names the codes by `ids`, `generationRequestId` or both; only available codes change.',
    body: PublishCodesBody,
    response: Type.Object({ updated: Type.Integer({ minimum: 0 }) }, { examples: [{ updated: 5000 }] }),
  }),
  requests: listEndpoint({
    path: '/admin/generated-codes/requests',
    resource: 'generation-requests',
    tag,
    summary: 'List generation requests',
    description: 'Filters: `id`, `denominationId`, `status`. Sort: createdAt, status, count, generated, denominationId, finishedAt.',
    record: GenerationRequest,
  }),
  request: endpoint({
    method: 'get',
    path: '/admin/generated-codes/requests/:id',
    auth: 'admin',
    tag,
    summary: "A generation request's progress",
    params: Strict({ id: RequestId }),
    response: GenerationRequest,
    errors: [404],
  }),
  get: endpoint({ method: 'get', path: '/admin/generated-codes/:id', auth: 'admin', tag, summary: 'Read a generated code', params: BigIdParams, response: GeneratedCode, errors: [404] }),
  remove: endpoint({
    method: 'delete',
    path: '/admin/generated-codes/:id',
    auth: 'admin',
    tag,
    summary: 'Delete a generated code',
    description: '409: the code is not available (sold or held for an order).',
    params: BigIdParams,
    response: GeneratedCode,
    errors: [404, 409],
  }),
};
