/**
 * The few Prometheus metrics a server keeps, in the text exposition format (version 0.0.4): counters and a latency
 * histogram kept here, gauges read when scraped. No dependency: the format is a handful of lines.
 */
export const METRICS_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Latency buckets in seconds: validation takes milliseconds; the top buckets catch a queue that backs up. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = Record<string, string>;
const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escape(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};

interface Family { name: string; help: string; type: 'counter' | 'gauge' | 'histogram' }

export class Metrics {
  private readonly counters = new Map<string, { family: Family; values: Map<string, { labels: Labels; value: number }> }>();
  private readonly histograms = new Map<string, { family: Family; series: Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }> }>();
  private readonly gauges: Array<{ family: Family; read: () => number }> = [];

  counter(name: string, help: string): (labels?: Labels, by?: number) => void {
    const entry = { family: { name, help, type: 'counter' as const }, values: new Map<string, { labels: Labels; value: number }>() };
    this.counters.set(name, entry);
    return (labels = {}, by = 1) => {
      const key = labelText(labels);
      const v = entry.values.get(key);
      if (v) v.value += by; else entry.values.set(key, { labels, value: by });
    };
  }

  histogram(name: string, help: string): (labels: Labels, seconds: number) => void {
    const entry = { family: { name, help, type: 'histogram' as const }, series: new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>() };
    this.histograms.set(name, entry);
    return (labels, seconds) => {
      const key = labelText(labels);
      let s = entry.series.get(key);
      if (!s) entry.series.set(key, s = { labels, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 });
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) s.buckets[i]!++;
      s.sum += seconds;
      s.count++;
    };
  }

  /** A value read at each scrape (a queue's depth); `type` counter for a total kept elsewhere. */
  gauge(name: string, help: string, read: () => number, type: 'gauge' | 'counter' = 'gauge'): void {
    this.gauges.push({ family: { name, help, type }, read });
  }

  text(): string {
    const lines: string[] = [];
    const head = (f: Family) => lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`);
    for (const { family, values } of this.counters.values()) {
      head(family);
      for (const { labels, value } of values.values()) lines.push(`${family.name}${labelText(labels)} ${value}`);
    }
    for (const { family, series } of this.histograms.values()) {
      head(family);
      for (const s of series.values()) {
        BUCKETS.forEach((le, i) => lines.push(`${family.name}_bucket${labelText({ ...s.labels, le: String(le) })} ${s.buckets[i]}`));
        lines.push(`${family.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
        lines.push(`${family.name}_sum${labelText(s.labels)} ${s.sum}`, `${family.name}_count${labelText(s.labels)} ${s.count}`);
      }
    }
    for (const { family, read } of this.gauges) { head(family); lines.push(`${family.name} ${read()}`); }
    return lines.join('\n') + '\n';
  }
}
