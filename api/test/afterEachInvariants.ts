/**
 * Setup file of the API integration project: after every test, wherever it ran, the ledger's
 * invariants must hold in the run's database (all entries sum to zero, every transaction balanced,
 * no available balance or escrow below zero, running balances equal to their entries).
 */
import { afterAll, afterEach, inject } from 'vitest';
import { createDataSource } from '../db/dataSource';
import { expectLedgerInvariants } from './ledgerInvariants';

const dataSource = createDataSource(inject('databaseUrl'), { poolSize: 1 });

afterEach(async () => {
  if (!dataSource.isInitialized) await dataSource.initialize();
  await expectLedgerInvariants(dataSource);
});

afterAll(async () => {
  if (dataSource.isInitialized) await dataSource.destroy();
});
