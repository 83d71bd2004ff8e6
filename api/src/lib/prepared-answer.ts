import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import accepts from 'accepts';
import fresh from 'fresh';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../types';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size an encoding saves less than it costs (koa-compress's threshold for live answers too). */
const COMPRESS_FROM_BYTES = 1024;

const COMPRESSED = ['br', 'gzip'] as const;
/** The answer differs by these request headers (the language is negotiated too). */
const VARY = ['Accept-Encoding', 'Accept-Language'];
const VARY_HEADER = VARY.join(', ');
/** Stock and prices change at any time: a cache must ask again, which the ETag makes cheap. */
const CACHE_CONTROL = 'no-cache';
type Encoding = (typeof COMPRESSED)[number] | 'identity';
/** The compressed encodings each Accept-Encoding value takes: a browser sends the same one every time. */
const acceptedByHeader = new LRUCache<string, Array<(typeof COMPRESSED)[number]>>({ max: 1000 });

interface Representation {
  body: Buffer;
  /** Strong, and distinct per encoding: each encoding is a representation of its own (RFC 9110, 8.8.3). */
  etag: string;
}

/**
 * A JSON answer serialized and compressed once, to be sent as it is to many requests. `T` is the
 * answer's contract type, so a route can return it where it would return the value.
 */
export class PreparedAnswer<T = unknown> {
  declare private readonly contract?: T;

  constructor(private readonly representations: Partial<Record<Encoding, Representation>> & { identity: Representation }) {}

  /** The JSON text, for checks against the contract's schema. */
  get json(): string {
    return this.representations.identity.body.toString('utf8');
  }

  /**
   * Answers the request with the best encoding it accepts, or 304 when it already holds this one.
   * The body is final: the compress middleware leaves it alone.
   */
  send(ctx: AppContext): void {
    const encoding = this.encodingFor(ctx.req);
    const chosen = this.representations[encoding] ?? this.representations.identity;
    ctx.compress = false;
    ctx.vary(VARY);
    ctx.set('Cache-Control', CACHE_CONTROL);
    ctx.status = 200;
    ctx.etag = chosen.etag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = chosen.body;
  }

  /**
   * `send` without Koa, for a GET answered before Koa makes a context (answers-from-memory): the same
   * status, headers and body. `headers` (name, value, name, value...) are the request's own ones so
   * far; the answer's are added to them, and the whole list is sent. Returns the status.
   */
  writeTo(request: IncomingMessage, response: ServerResponse, headers: string[]): 200 | 304 {
    const encoding = this.encodingFor(request);
    const chosen = this.representations[encoding] ?? this.representations.identity;
    headers.push('Vary', VARY_HEADER, 'Cache-Control', CACHE_CONTROL, 'ETag', chosen.etag);
    if (fresh(request.headers, { etag: chosen.etag })) {
      response.writeHead(304, headers).end();
      return 304;
    }
    if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
    headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(chosen.body.length));
    response.writeHead(200, headers).end(chosen.body);
    return 200;
  }

  /** Brotli, else gzip, when the request accepts it (browsers list gzip first, yet brotli is the smaller). */
  private encodingFor(request: IncomingMessage): Encoding {
    const header = request.headers['accept-encoding'] ?? '';
    let accepted = acceptedByHeader.get(header);
    if (!accepted) {
      const negotiation = accepts(request);
      accepted = COMPRESSED.filter((encoding) => negotiation.encodings(encoding));
      acceptedByHeader.set(header, accepted);
    }
    return accepted.find((encoding) => this.representations[encoding]) ?? 'identity';
  }
}

/** Serializes `value` and compresses it once, for PreparedAnswer. */
export async function prepareAnswer<T>(value: unknown): Promise<PreparedAnswer<T>> {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const identity = { body, etag: `"${hash}"` };
  if (body.length < COMPRESS_FROM_BYTES) return new PreparedAnswer<T>({ identity });
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  return new PreparedAnswer<T>({ identity, br: { body: br, etag: `"${hash}-br"` }, gzip: { body: gz, etag: `"${hash}-gz"` } });
}
