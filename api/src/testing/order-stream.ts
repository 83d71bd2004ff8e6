import { expect } from 'vitest';
import type { TestApp } from './harness';

export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/** An open `GET /api/orders/events`, read as it arrives. */
export async function openOrderStream(target: Pick<TestApp, 'baseUrl'>, token: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(`${target.baseUrl}/api/orders/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: abort.signal,
  });
  expect(response.status, response.status === 200 ? '' : await response.text()).toBe(200);
  const events: ReceivedEvent[] = [];
  let heartbeats = 0;
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.startsWith(':')) heartbeats += 1;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : undefined });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    events,
    heartbeats: () => heartbeats,
    ended: () => ended,
    async close() {
      abort.abort();
      await reading;
    },
  };
}
