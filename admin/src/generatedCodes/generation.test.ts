import { describe, expect, it } from 'vitest';
import { GENERATION_POLL_MS, isGenerationFinished, requestsPollInterval, validateGenerationCount } from './generation';

describe('generation progress', () => {
  it('stops polling once a request completed or failed', () => {
    expect(isGenerationFinished('queued')).toBe(false);
    expect(isGenerationFinished('running')).toBe(false);
    expect(isGenerationFinished('completed')).toBe(true);
    expect(isGenerationFinished('failed')).toBe(true);
    expect(isGenerationFinished(undefined)).toBe(false);
  });

  it('polls the request list while one of them runs', () => {
    expect(requestsPollInterval([{ status: 'completed' }, { status: 'running' }])).toBe(GENERATION_POLL_MS);
    expect(requestsPollInterval([{ status: 'completed' }, { status: 'failed' }])).toBe(false);
    expect(requestsPollInterval(undefined)).toBe(false);
  });

  it('takes a count from 1 to 100 000', () => {
    for (const ok of [1, 20, '100000', undefined]) expect(validateGenerationCount(ok)).toBeUndefined();
    for (const bad of [0, 100_001, 2.5, 'x']) expect(validateGenerationCount(bad)).toBe('resources.generatedCodes.generate.count_range');
  });
});
