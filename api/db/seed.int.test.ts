import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startTestApp, type TestApp } from '../test/testApp';
import { runSeeders, type Seeder } from './seed';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.services.dataSource.query('CREATE TABLE IF NOT EXISTS seed_probe (n integer NOT NULL)');
});
afterAll(async () => {
  await app.services.dataSource.query('DROP TABLE IF EXISTS seed_probe');
  await app.close();
});

const context = { config: loadConfig({}), logger: createLogger('silent') };

describe('runSeeders', () => {
  it('applies each seeder once per database, even when processes start together', async () => {
    const { dataSource } = app.services;
    const seeder: Seeder = {
      name: `probe-${Date.now()}`,
      run: (manager) => manager.query('INSERT INTO seed_probe (n) VALUES (1)'),
    };
    const runs = await Promise.all([1, 2, 3].map(() => runSeeders(dataSource, [seeder], context)));
    expect(runs.flat()).toEqual([seeder.name]);
    expect(await runSeeders(dataSource, [seeder], context)).toEqual([]);
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM seed_probe');
    expect(count).toBe(1);
  });

  it('records nothing when a seeder fails, so the next start tries again', async () => {
    const { dataSource } = app.services;
    const name = `failing-${Date.now()}`;
    const failing: Seeder = {
      name,
      run: async (manager) => {
        await manager.query('INSERT INTO seed_probe (n) VALUES (2)');
        throw new Error('boom');
      },
    };
    await expect(runSeeders(dataSource, [failing], context)).rejects.toThrow('boom');
    const recorded = await dataSource.query('SELECT 1 FROM seed_runs WHERE name = $1', [name]);
    expect(recorded).toEqual([]);
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM seed_probe WHERE n = 2');
    expect(count).toBe(0);
  });
});
