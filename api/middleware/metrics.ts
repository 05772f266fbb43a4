/**
 * Prometheus metrics: request counts and durations by method, route pattern and status. The route
 * label is the matched router pattern (or a fixed group name), never the raw path, so a scan of
 * random URLs cannot blow up the number of series. Business figures read from the database are
 * registered through `registerDatabaseMetric`.
 */
import { type Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  middleware: Middleware;
}

export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

export interface DatabaseMetric {
  /** `counter` for a total that only grows, `gauge` for a figure that goes up and down. */
  type: 'counter' | 'gauge';
  name: string;
  help: string;
  labelNames?: string[];
  /** Reads the samples; called on every scrape. */
  read(): Promise<Sample[]>;
}

/**
 * A metric read from the database when Prometheus scrapes, so every process reports the same shared
 * state. When the read fails (the database down) the metric has no sample at all, never a stale or
 * made-up one, and the rest of /metrics still answers.
 */
export function registerDatabaseMetric(registry: Registry, metric: DatabaseMetric): void {
  const labelNames = metric.labelNames ?? [];
  const fill = async (target: Counter | Gauge, write: (sample: Sample) => void) => {
    const samples = await metric.read().catch(() => []);
    target.reset();
    // reset() leaves a metric without labels at 0, a value the database did not give.
    if (labelNames.length === 0) target.remove();
    for (const sample of samples) write(sample);
  };
  const common = { name: metric.name, help: metric.help, labelNames, registers: [registry] };
  if (metric.type === 'counter') {
    new Counter({
      ...common,
      async collect() {
        await fill(this, (sample) => this.inc(sample.labels ?? {}, sample.value));
      },
    });
  } else {
    new Gauge({
      ...common,
      async collect() {
        await fill(this, (sample) => this.set(sample.labels ?? {}, sample.value));
      },
    });
  }
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const middleware: Middleware = async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const matched = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
      const route = typeof matched === 'string' ? matched : ((ctx.state.routeGroup as string | undefined) ?? 'unmatched');
      const labels = { method: ctx.method, route, status: String(ctx.status) };
      requests.inc(labels);
      durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  return { registry, middleware };
}
