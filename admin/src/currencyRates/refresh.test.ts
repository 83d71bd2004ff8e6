import { describe, expect, it } from 'vitest';
import type { RefreshProgress } from '@topup/common/api';
import { pollRefresh, refreshOutcome } from './refresh';

const progress = (status: string, updated: number | null = null, error: string | null = null): RefreshProgress => ({
  requestId: '7f1c0b7e-3a52-4a8c-9f3e-1b2f8d9e0a11',
  status,
  updated,
  error,
  createdAt: '2026-03-03T09:00:00.000Z',
  finishedAt: status === 'queued' ? null : '2026-03-03T09:00:02.000Z',
});

describe('refreshOutcome', () => {
  it('reads finished states and treats anything else as running', () => {
    expect(refreshOutcome({ status: 'completed' })).toBe('completed');
    expect(refreshOutcome({ status: 'skipped' })).toBe('skipped');
    expect(refreshOutcome({ status: 'failed' })).toBe('failed');
    expect(refreshOutcome({ status: 'queued' })).toBe('running');
  });
});

describe('pollRefresh', () => {
  function clock() {
    let time = 0;
    return { now: () => time, sleep: async (ms: number) => void (time += ms) };
  }

  it('asks again until the run has finished, reporting each answer', async () => {
    const answers = [progress('queued'), progress('queued', null, 'provider timeout'), progress('completed', 2)];
    const seen: string[] = [];
    const result = await pollRefresh(async () => answers.shift()!, {
      ...clock(),
      onProgress: (p) => seen.push(p.status),
    });
    expect(result).toEqual({ outcome: 'completed', progress: progress('completed', 2) });
    expect(seen).toEqual(['queued', 'queued', 'completed']);
  });

  it('reports a failed run with its error', async () => {
    const result = await pollRefresh(async () => progress('failed', null, 'sandbox: down'), clock());
    expect(result.outcome).toBe('failed');
    expect(result.progress?.error).toBe('sandbox: down');
  });

  it('stops waiting after the timeout with the last answer', async () => {
    let calls = 0;
    const result = await pollRefresh(
      async () => {
        calls += 1;
        return progress('queued');
      },
      { ...clock(), intervalMs: 1000, timeoutMs: 5000 },
    );
    expect(result.outcome).toBe('timeout');
    expect(result.progress?.status).toBe('queued');
    expect(calls).toBe(6);
  });
});
