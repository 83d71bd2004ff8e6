import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from './logger';

const loggerModule = fileURLToPath(new URL('./logger.ts', import.meta.url));
const repoRoot = path.resolve(path.dirname(loggerModule), '../..');

/**
 * Runs `body` in a process of its own with `log`, a logger as the API and the workers make it
 * (stdout a pipe, as under a supervisor), and resolves with what it wrote when the process ends, or
 * as soon as `until` holds for it (then the process is killed).
 */
function runLogging(body: string, until: (stdout: string) => boolean = () => false): Promise<string> {
  const script = `const { createLogger } = await import(${JSON.stringify(loggerModule)}); const log = createLogger('info', 'test'); ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until(stdout)) {
        child.kill('SIGKILL');
        resolve(stdout);
      }
    });
    child.once('error', reject);
    child.once('exit', () => resolve(stdout));
  });
}

const messages = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('log lines, written in batches', () => {
  it('reach the output within the flush interval while the process runs on, though far fewer than a batch', async () => {
    // The process lives 60 s; the lines must arrive long before, each within a few flush intervals.
    const stdout = await runLogging(
      `log.info('first'); setTimeout(() => log.info('second'), ${LOG_FLUSH_MS * 4}); setTimeout(() => undefined, 60_000);`,
      (written) => written.includes('"second"'),
    );
    expect(messages(stdout)).toEqual(['first', 'second']);
  }, 15_000);

  it('are all written when the process exits at once, or dies of an uncaught error', async () => {
    const exiting = await runLogging(`log.info('one'); log.info('two'); log.warn('three'); process.exit(0);`);
    expect(messages(exiting)).toEqual(['one', 'two', 'three']);
    const crashing = await runLogging(`log.info('before the crash'); setImmediate(() => { throw new Error('boom'); });`);
    expect(messages(crashing)).toEqual(['before the crash']);
  });
});
