/** The parser the metrics tests read a scrape with (it ships no types). */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    /** A histogram's cumulative counts by upper bound (`le`), of its unlabelled series only. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }

  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }

  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
