// The other workspaces compile this file too, without the api package's declarations: name them here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./parse-prometheus-text-format.d.ts" />
import parsePrometheusTextFormat, { type PrometheusSample } from 'parse-prometheus-text-format';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/**
 * A scrape of GET /api/metrics, read: a family's samples by its name (without the `topup_` prefix).
 * A histogram is read as its series (`..._count`, `..._bucket`), each sample with its labels.
 */
export interface Scrape {
  samples(name: string): PrometheusSample[];
  /** The first sample of `name` whose labels include `labels`, as a number. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

/** Scrapes the app's /api/metrics with `token`, expecting 200 and the Prometheus text format. */
export async function scrapeMetrics(app: Pick<TestApp, 'baseUrl'>, token: string): Promise<Scrape> {
  const response = await fetch(`${app.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  // The parser folds a histogram's series into one sample and drops their labels: read them as plain series.
  const families = parsePrometheusTextFormat(text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped'));
  // A histogram's series alternate (each label set's buckets, sum, count), so one name makes several families.
  const samples = (name: string) => families.filter((family) => family.name === `topup_${name}`).flatMap((family) => family.metrics);
  return {
    samples,
    value(name, labels = {}) {
      const sample = samples(name).find((candidate) =>
        Object.entries(labels).every(([label, value]) => candidate.labels?.[label] === value),
      );
      if (!sample) return undefined;
      return Number(sample.value);
    },
  };
}
