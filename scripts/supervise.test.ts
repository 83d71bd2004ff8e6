import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { restartDelay, supervise, type RestartPolicy } from './supervise';

const dir = mkdtempSync(path.join(tmpdir(), 'supervise-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in for the API or the workers: it logs each start, crashes (exit code 1) while `crashes`
 * runs remain, then stays up until SIGTERM, which it logs before a clean exit.
 */
const CHILD = `
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
const [counter, log, crashes] = process.argv.slice(2);
const runs = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) + 1 : 1;
writeFileSync(counter, String(runs));
appendFileSync(log, 'start\\n');
if (runs <= Number(crashes)) process.exit(1);
process.on('SIGTERM', () => {
  appendFileSync(log, 'sigterm\\n');
  process.exit(0);
});
appendFileSync(log, 'ready\\n');
setInterval(() => {}, 1000);
`;
const childScript = path.join(dir, 'child.mjs');
writeFileSync(childScript, CHILD);

let runNumber = 0;

/** Supervises one stand-in that crashes `crashes` times first; returns it with its log and the reports. */
function superviseStandIn(crashes: number, policy: RestartPolicy) {
  runNumber += 1;
  const log = path.join(dir, `log-${runNumber}`);
  writeFileSync(log, '');
  const reports: string[] = [];
  const supervisor = supervise({
    services: [{ name: 'api', command: process.execPath, args: [childScript, path.join(dir, `runs-${runNumber}`), log, String(crashes)] }],
    policy,
    report: (line) => reports.push(line),
  });
  const events = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { supervisor, events, reports };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

describe('npm start supervision', () => {
  it('restarts a process that crashed, and SIGTERM stops it for good', async () => {
    const { supervisor, events, reports } = superviseStandIn(1, { initialDelayMs: 50, maxDelayMs: 1000, resetAfterMs: 60_000 });
    await waitFor(() => expect(events()).toEqual(['start', 'start', 'ready']));
    expect(supervisor.starts('api')).toBe(2);
    expect(reports).toEqual(['The api process stopped (exit code 1); restarting it in 0.05 s']);

    supervisor.stop('SIGTERM');
    expect(await supervisor.stopped).toBe(0);
    expect(events()).toEqual(['start', 'start', 'ready', 'sigterm']);
    // Stopped on purpose: never started again.
    await sleep(300);
    expect(supervisor.starts('api')).toBe(2);
    expect(reports).toHaveLength(1);
  });

  it('waits longer after each crash in a row', async () => {
    const { supervisor, events, reports } = superviseStandIn(3, { initialDelayMs: 20, maxDelayMs: 50, resetAfterMs: 60_000 });
    await waitFor(() => expect(events().at(-1)).toBe('ready'));
    expect(reports.map((line) => /in ([\d.]+) s$/.exec(line)?.[1])).toEqual(['0.02', '0.04', '0.05']);
    supervisor.stop('SIGTERM');
    expect(await supervisor.stopped).toBe(0);
  });

  it('starts the wait over once a process had run for a while', async () => {
    // resetAfterMs 0: every run counts as long enough, so every crash is a first one.
    const { supervisor, events, reports } = superviseStandIn(3, { initialDelayMs: 20, maxDelayMs: 1000, resetAfterMs: 0 });
    await waitFor(() => expect(events().at(-1)).toBe('ready'));
    expect(reports.map((line) => /in ([\d.]+) s$/.exec(line)?.[1])).toEqual(['0.02', '0.02', '0.02']);
    supervisor.stop('SIGTERM');
    expect(await supervisor.stopped).toBe(0);
  });

  it('cancels a restart that is still waiting when the stop comes', async () => {
    const { supervisor, events, reports } = superviseStandIn(5, { initialDelayMs: 60_000, maxDelayMs: 60_000, resetAfterMs: 60_000 });
    await waitFor(() => expect(reports).toHaveLength(1));
    supervisor.stop('SIGINT');
    expect(await supervisor.stopped).toBe(0);
    expect(events()).toEqual(['start']);
    expect(supervisor.starts('api')).toBe(1);
  });

  it('backs off 1 s, 2 s, 4 s ... up to 30 s by default', () => {
    const policy = { initialDelayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((crashes) => restartDelay(crashes, policy))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
