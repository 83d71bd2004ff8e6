import { describe, expect, it } from 'vitest';
import { createConcurrencyGate, GateFullError } from './concurrency-gate';

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A task that ends when the test says so. */
function controlledTask() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    task: async () => {
      started = true;
      await done;
      return 'done';
    },
    finish,
    get started() {
      return started;
    },
  };
}

describe('the concurrency gate', () => {
  it('runs at most `concurrency` tasks, queues `queue` more, and refuses the rest at once', async () => {
    const gate = createConcurrencyGate({ concurrency: 2, queue: 1 });
    const tasks = [controlledTask(), controlledTask(), controlledTask()];
    const results = tasks.map((t) => gate.run(t.task));
    await settle();
    expect(tasks.map((t) => t.started)).toEqual([true, true, false]);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);

    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(GateFullError);

    tasks[0]!.finish();
    await results[0];
    // The freed slot goes to the one waiting.
    await settle();
    expect(tasks[2]!.started).toBe(true);
    expect([gate.running, gate.waiting]).toEqual([2, 0]);

    tasks[1]!.finish();
    tasks[2]!.finish();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that failed', async () => {
    const gate = createConcurrencyGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('asks a refused caller to retry after at least a second', async () => {
    const gate = createConcurrencyGate({ concurrency: 1, queue: 0 });
    const running = controlledTask();
    const result = gate.run(running.task);
    const refusal = await gate.run(async () => 'never').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(GateFullError);
    expect((refusal as GateFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    running.finish();
    await result;
  });
});
