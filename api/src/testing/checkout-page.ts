import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-ins' checkout pages share: text written into their HTML, and the return URLs they accept. */

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A return URL a gateway's checkout accepts: http or https. */
export function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * Serves a stand-in's checkout page on a free local port. A link the gateway refuses answers 400 with
 * the page `refusal` writes for it (gateways document the refusal's code, not the page's status); any
 * other failure 500.
 */
export async function startCheckoutServer(
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  refusal: (err: unknown) => string | undefined,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    serve(req, res).catch((err: unknown) => {
      const page = refusal(err);
      if (page !== undefined) res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      else res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
