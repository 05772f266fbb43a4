/**
 * Setup file of the API integration project. Before a test file runs, it gets a database of its
 * own (api/test/database.ts). After every test the ledger's invariants must hold there (all entries
 * sum to zero, every transaction balanced, no available balance or escrow below zero, running
 * balances equal to their entries). After the file, its database is dropped.
 */
import { afterAll, afterEach } from 'vitest';
import { createDataSource } from '../db/dataSource';
import { openFileDatabase } from './database';
import { expectLedgerInvariants } from './ledgerInvariants';

const database = await openFileDatabase();
const dataSource = createDataSource(database.url, { poolSize: 1 });

afterEach(async () => {
  if (!dataSource.isInitialized) await dataSource.initialize();
  await expectLedgerInvariants(dataSource);
});

// Registered before the file's own hooks, so it runs after them: the file's apps are closed by then.
afterAll(async () => {
  if (dataSource.isInitialized) await dataSource.destroy();
  await database.drop();
});
