/**
 * The catalogue's throughput behind the deployment's nginx (ops/cluster/cluster.ts), with one and
 * with two web processes on the benchmark's database: the same GET /api/skins load as the single
 * server's figure (ops/bench/market.ts). The load's clients name their own addresses in
 * X-Forwarded-For, as an outer load balancer would, and nginx appends its own: the web processes
 * trust two hops, so the per-IP limit still applies per client.
 */
import { startCluster } from '../cluster/cluster';
import { catalogueLoad, WARM_UP_SECONDS, type BenchResult } from './market';

const LOAD_SECONDS = 10;
const CONNECTIONS = 50;

export async function clusterBenchmarks(databaseUrl: string, results: BenchResult[]): Promise<void> {
  for (const webs of [1, 2]) {
    // No worker: the figure is the web processes' and nginx's alone.
    const cluster = await startCluster({ webs, workers: 0, databaseUrl, env: { TRUST_PROXY_HOPS: '2' } });
    try {
      // Just started, from the sources: cold, they served about 80 requests a second where warm they serve thousands.
      await catalogueLoad(cluster.url, CONNECTIONS, WARM_UP_SECONDS);
      const skins = await catalogueLoad(cluster.url, CONNECTIONS, LOAD_SECONDS);
      const failed = skins.non2xx + skins.errors + skins.timeouts;
      results.push({
        name: `GET /api/skins via nginx, ${webs} web process${webs === 1 ? '' : 'es'}, ${CONNECTIONS} conn.`,
        value: `${Math.round(skins.requests.average)} req/s, p50 ${skins.latency.p50.toFixed(1)} ms, p99 ${skins.latency.p99.toFixed(1)} ms${failed ? `, ${failed} failed` : ''}`,
      });
    } finally {
      await cluster.stop();
    }
  }
}
