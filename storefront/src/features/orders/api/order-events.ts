import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderChange } from '@topup/common/api';
import { useEffect } from 'react';
import { API_BASE } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';

/** Reconnection waits: doubling from the first, up to the last. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** How long the stream outlives its last page: going from the list to a receipt keeps the same one. */
const LINGER_MS = 1_000;

/**
 * The session is gone (401), may not read orders, or a newer stream of the shopper replaced this one
 * (they have their most open): the stream stays closed while the pages watch, and their polls carry on.
 */
class StreamRefused extends Error {}

/** What a change makes stale: the orders list, and the changed order's page (every order's when some changes may have been missed). */
function invalidateOrders(queryClient: QueryClient, token: string, change?: OrderChange): void {
  void queryClient.invalidateQueries({ queryKey: ['orders', token] });
  void queryClient.invalidateQueries({ queryKey: change ? ['order', token, change.id] : ['order', token] });
}

/**
 * Opens `GET /api/orders/events`, read with fetch so the token goes in the Authorization header and
 * never in the URL, until `signal` aborts. A hidden tab closes it (a browser allows only a few open
 * connections per site) and catches up when shown again; a dropped stream reconnects with a growing
 * wait (a busy server's 503 too); a refused or replaced one stays closed.
 */
function connect(queryClient: QueryClient, token: string, signal: AbortSignal): void {
  let failures = 0;
  let openedBefore = false;
  void fetchEventSource(`${API_BASE}/orders/events`, {
    headers: { Authorization: `Bearer ${token}` },
    signal,
    openWhenHidden: false,
    async onopen(response) {
      if (response.status === 401 || response.status === 403) throw new StreamRefused();
      if (!response.ok || !response.headers.get('content-type')?.startsWith(EventStreamContentType)) {
        throw new Error(`The order stream answered ${response.status}`);
      }
      failures = 0;
      // Whatever changed while the stream was down (or the tab hidden) is fetched again.
      if (openedBefore) invalidateOrders(queryClient, token);
      openedBefore = true;
    },
    onmessage(message) {
      if (message.event === 'order') invalidateOrders(queryClient, token, JSON.parse(message.data) as OrderChange);
      else if (message.event === 'resync') invalidateOrders(queryClient, token);
      // Reconnecting would only close the shopper's next oldest stream.
      else if (message.event === 'replaced') throw new StreamRefused();
    },
    onclose() {
      // The server ended it (it shuts down, or the session ended): connect again, and learn which.
      throw new Error('The order stream closed');
    },
    onerror(err) {
      if (err instanceof StreamRefused) throw err;
      failures += 1;
      return Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LAST_RETRY_MS);
    },
  }).catch(() => {
    // Refused: the pages' polls carry on alone.
  });
}

/** The tab's one stream, shared by every page that watches, with how many do. */
let stream: { token: string; abort: AbortController } | undefined;
let watchers = 0;
let lingering: ReturnType<typeof setTimeout> | undefined;

function watch(queryClient: QueryClient, token: string): () => void {
  watchers += 1;
  clearTimeout(lingering);
  if (stream?.token !== token) {
    stream?.abort.abort();
    stream = { token, abort: new AbortController() };
    connect(queryClient, token, stream.abort.signal);
  }
  return () => {
    watchers -= 1;
    if (watchers > 0) return;
    lingering = setTimeout(() => {
      stream?.abort.abort();
      stream = undefined;
    }, LINGER_MS);
  };
}

/**
 * While `watching` (a page shows an order that can still change), its status reaches the page as soon
 * as it changes: each change refetches the orders list and that order at once. One stream per tab
 * serves every page; the pages' own polls stay as the fallback for a stream that cannot connect.
 */
export function useOrderEvents(watching: boolean): void {
  const queryClient = useQueryClient();
  const token = useSession()?.token ?? null;
  useEffect(() => (watching && token ? watch(queryClient, token) : undefined), [queryClient, token, watching]);
}
