/**
 * The server process: claims its port and data directory first (so a clash fails in a second with
 * one clear line), then brings up the database, migrates, seeds the demo and starts answering.
 * SIGINT/SIGTERM drain in-flight requests, then close the pool and the embedded PostgreSQL.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import http from 'node:http';
import { type DataSource } from 'typeorm';
import type { ApiErrorBody } from '../shared/errorCodes';
import { createApp, createWorkerApp } from './app';
import { type Config } from './config';
import { createDataSource } from './db/dataSource';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { runMigrationsLocked } from './db/migrate';
import { createLogger, type Logger } from './logger';
import { runSeeders } from './db/seed';
import { loadSecrets } from './secrets';
import { buildRuntime } from './services';

const DRAIN_TIMEOUT_MS = 10_000;

/** A startup problem the operator can fix; reported as one line, exit code 1. */
export class StartupError extends Error {}

function claimDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function listen(server: http.Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${config.host}:${config.port}`;
      if (error.code === 'EADDRINUSE') reject(new StartupError(`port ${where} is already in use (set PORT to use another)`));
      else if (error.code === 'EACCES') reject(new StartupError(`not allowed to listen on ${where} (set PORT to use another)`));
      else reject(error);
    });
    server.listen(config.port, config.host, () => resolve());
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  // DATA_DIR holds the embedded database and generated secrets; with neither, nothing is written there.
  const generatesSecrets = !config.sessionKeys?.length || !config.dataEncryptionKey || !config.vapidPublicKey || !config.vapidPrivateKey;
  if (!config.databaseUrl || generatesSecrets) claimDataDir(config.dataDir);

  // Until the app is ready the port answers 503 rather than refusing connections.
  const starting: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
    res.end(JSON.stringify({ message: 'The server is starting; try again in a moment', code: 'starting' } satisfies ApiErrorBody));
  };
  const server = http.createServer(starting);
  await listen(server, config);

  let embedded: EmbeddedDatabase | undefined;
  let dataSource: DataSource | undefined;
  const inFlight = new Set<http.ServerResponse>();
  let stopping: Promise<void> | undefined;
  let stopBackground: (() => Promise<void>) | undefined;
  let closeLiveEvents: (() => Promise<void>) | undefined;
  try {
    const secrets = loadSecrets(config);
    if (!config.databaseUrl) {
      embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'skinmarket', logger });
    }
    dataSource = createDataSource(config.databaseUrl ?? embedded!.url);
    await dataSource.initialize();
    await runMigrationsLocked(dataSource, logger);
    const runtime = await buildRuntime({ config, logger, dataSource, secrets });
    await runSeeders(dataSource, runtime.seeders, { config, logger });
    const app = config.role === 'worker' ? createWorkerApp(runtime.services) : createApp(runtime.services, { warmPages: true });
    stopBackground = runtime.startBackground();
    closeLiveEvents = () => runtime.services.events.close();
    const handle = app.callback();
    server.removeListener('request', starting);
    server.on('request', (req, res) => {
      if (stopping) res.setHeader('Connection', 'close');
      inFlight.add(res);
      res.on('close', () => inFlight.delete(res));
      void handle(req, res);
    });
  } catch (error) {
    server.close();
    await dataSource?.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }

  const stop = () => {
    stopping ??= (async () => {
      logger.info({ inFlight: inFlight.size }, 'shutting down: draining requests');
      // Stop accepting; answers still being written tell keep-alive clients to go away.
      server.close();
      server.closeIdleConnections();
      // Event streams never finish by themselves: end them so the drain waits only for real requests.
      await closeLiveEvents?.();
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const deadline = Date.now() + DRAIN_TIMEOUT_MS;
      while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      server.closeAllConnections();
      await stopBackground?.();
      await dataSource!.destroy().catch((error: unknown) => logger.warn({ err: error }, 'closing the database pool failed'));
      await embedded?.stop();
      logger.info('stopped');
    })();
    return stopping;
  };

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { url: `http://${config.host}:${port}`, stop };
}
