/**
 * Where `ctx.ip`, the one client address everything uses (rate limits, login protection, code reveal
 * records), comes from. Koa derives it exactly as hop counting needs, so no middleware of our own:
 * with `proxy` on and `maxIpsCount = N`, `ctx.ips` keeps only the last N entries of X-Forwarded-For
 * and `ctx.ip` is the first of them, else the socket's peer.
 *
 * Each trusted proxy appends the address it was connected from, so with N trusted hops:
 * - the client is the N-th entry from the right (with 1 hop, the entry that one proxy appended);
 * - with fewer entries than N, the leftmost one, still appended by a trusted proxy (a request that
 *   entered the chain past its outermost proxy);
 * - with no header at all, the socket's peer (a request that reached the API without a proxy);
 * - entries further left than the N-th were written by the client and are never used.
 * With 0 hops the header is ignored. The count must match the proxies in front of the API, and the
 * API must be reachable only through them: otherwise a client can write the entries that are read.
 */
export function clientAddressOptions(trustProxyHops: number): { proxy: boolean; maxIpsCount: number } {
  return { proxy: trustProxyHops > 0, maxIpsCount: trustProxyHops };
}
