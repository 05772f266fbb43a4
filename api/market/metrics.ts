/**
 * The market's own figures on /metrics, read from the database when Prometheus scrapes (so every
 * process reports the same, shared state).
 */
import { Gauge, type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import { countOverdueHolds } from './overdueHolds';

export function registerMarketMetrics(registry: Registry, dataSource: DataSource): void {
  new Gauge({
    name: 'skinmarket_listings_overdue_after_hold',
    help: 'Listings still waiting over an hour after their trade protection ended (item not tradable at the bot, or the bot unreachable); sold="true" holds a buyer\'s payment in escrow',
    labelNames: ['sold'] as const,
    registers: [registry],
    async collect() {
      // The database down: no figure rather than a stale one, and the rest of /metrics still answers.
      const overdue = await countOverdueHolds(dataSource).catch(() => null);
      this.reset();
      if (!overdue) return;
      this.set({ sold: 'false' }, overdue.unsold);
      this.set({ sold: 'true' }, overdue.sold);
    },
  });
}
