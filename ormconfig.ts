/**
 * The DataSource for the TypeORM CLI (`npx typeorm -d ormconfig.ts …` under tsx): the server's
 * own configuration, against DATABASE_URL or the embedded server's database (which must be running,
 * e.g. under `npm start`).
 */
import { loadConfig } from './api/config';
import { createDataSource } from './api/db/dataSource';

const config = loadConfig();
export default createDataSource(config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/skinmarket`);
