/**
 * The ledger on /metrics: the newest result of the periodic invariant check (api/ledger/invariantCheck.ts),
 * read from its table when Prometheus scrapes, and when that check ran, so an alert can also tell a
 * check that stopped running from a ledger that is sound. Nothing before the first check.
 */
import { type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import { registerDatabaseMetric } from '../middleware/metrics';
import { latestLedgerCheck } from './invariantCheck';

export function registerLedgerMetrics(registry: Registry, dataSource: DataSource): void {
  registerDatabaseMetric(registry, {
    type: 'gauge',
    name: 'skinmarket_ledger_imbalance_cents',
    help: "Cents out of place in the ledger at its last invariant check (0: every invariant held)",
    async read() {
      const latest = await latestLedgerCheck(dataSource);
      return latest ? [{ value: Number(latest.imbalanceCents) }] : [];
    },
  });
  registerDatabaseMetric(registry, {
    type: 'gauge',
    name: 'skinmarket_ledger_last_check_timestamp_seconds',
    help: "When the ledger's invariants were last checked (Unix time)",
    async read() {
      const latest = await latestLedgerCheck(dataSource);
      return latest ? [{ value: latest.checkedAt.getTime() / 1000 }] : [];
    },
  });
}
