/** A bounded closed-loop load generator: `concurrency` clients, each sending its next request when the last one answers. */
export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

export async function runLoad(options: {
  concurrency: number;
  durationMs: number;
  /** One request; resolves true when the answer is the expected one. */
  request: (client: number, iteration: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      for (let iteration = 0; performance.now() < deadline; iteration += 1) {
        const sent = performance.now();
        const ok = await options.request(client, iteration).catch(() => false);
        latencies.push(performance.now() - sent);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
