/**
 * A whole deployment on loopback, for the multi-process tests and the benchmark: a PostgreSQL (an
 * embedded one of its own in a temporary directory, or a database it is given), web processes
 * (ROLE=web) and workers (ROLE=worker), each `node --import tsx api/main.ts` with the deployment's
 * shared secrets, and Debian's nginx in front of the web processes with the config the deployment
 * uses (ops/deploy/nginxConfig.ts). For fault tests, every process is a handle that can be killed,
 * stopped and restarted, and the embedded PostgreSQL stopped and started again. `stop()` ends
 * everything and removes the temporary directory, whatever state the cluster is in; processes still
 * running when the test runner exits are sent a signal on the way out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { CONFIG_VARIABLES } from '../../api/config';
import { createDataSource } from '../../api/db/dataSource';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../api/db/embedded';
import { runMigrationsLocked } from '../../api/db/migrate';
import { findNginx, nginxMainConfig, renderNginxConfig } from '../deploy/nginxConfig';
import { freePort } from '../freePort';
import { SERVER_NODE_FLAGS } from '../serverFlags';

const root = path.resolve(import.meta.dirname, '../..');
/** Three processes transpiling the app at once on two busy cores take a while. */
const READY_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 200;
/** A web process drains for up to 10 s on SIGTERM (api/server.ts); past this it is killed. */
const STOP_TIMEOUT_MS = 20_000;
/** Output kept per process run: the end of it is what explains a failure. */
const MAX_OUTPUT_CHARS = 2_000_000;

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One process of the cluster (a web process, a worker or nginx). It keeps its name, port and
 * environment across restarts; `pid`, `output()` and `exited` are those of the current run.
 */
export class ClusterProcess {
  private child: ChildProcess | undefined;
  private text = '';
  /** How the current run ended; undefined while it runs. */
  private ended: ExitStatus | undefined;
  private exit: Promise<ExitStatus> = Promise.resolve({ code: null, signal: null });

  constructor(
    readonly name: string,
    private readonly command: { file: string; args: string[]; env: NodeJS.ProcessEnv },
    /** Where it answers HTTP: its own port (nginx: the cluster's public origin). */
    readonly url: string,
    /** The signal that asks it to stop gracefully. */
    private readonly stopSignal: NodeJS.Signals = 'SIGTERM',
  ) {}

  get port(): number {
    return Number(new URL(this.url).port);
  }

  get env(): Readonly<NodeJS.ProcessEnv> {
    return this.command.env;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Started and not yet exited. */
  get running(): boolean {
    return this.child !== undefined && this.ended === undefined;
  }

  /** Settles when the current run ends (at once when it never started). */
  get exited(): Promise<ExitStatus> {
    return this.exit;
  }

  /** What the current run wrote to stdout and stderr, interleaved. */
  output(): string {
    return this.text;
  }

  /** Starts a new run without waiting for it to be ready (a running process is left alone). */
  spawn(): void {
    if (this.running) return;
    this.text = '';
    this.ended = undefined;
    const child = spawn(this.command.file, this.command.args, { cwd: root, env: this.command.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer | string) => {
      this.text += chunk.toString();
      if (this.text.length > MAX_OUTPUT_CHARS) this.text = this.text.slice(-MAX_OUTPUT_CHARS / 2);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    this.exit = new Promise((resolve) => {
      const end = (status: ExitStatus) => {
        this.ended ??= status;
        resolve(this.ended);
      };
      child.once('exit', (code, signal) => end({ code, signal }));
      // Not started at all (no such file): there will be no exit.
      child.once('error', (error) => {
        if (child.pid !== undefined) return;
        collect(`${this.name} did not start: ${error.message}\n`);
        end({ code: null, signal: null });
      });
    });
    this.child = child;
  }

  /** Waits until GET `readyPath` answers 200; fails when the run ends first or takes too long. */
  async waitUntilReady(readyPath = '/readyz'): Promise<void> {
    for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline; ) {
      if (this.ended) throw new Error(`${this.name} exited (${this.ended.signal ?? `code ${this.ended.code}`}) before it was ready:\n${this.text.slice(-4000)}`);
      const status = await fetch(`${this.url}${readyPath}`, { signal: AbortSignal.timeout(2_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    throw new Error(`${this.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.text.slice(-4000)}`);
  }

  /** Spawns and waits until ready. */
  async start(): Promise<void> {
    this.spawn();
    await this.waitUntilReady();
  }

  /**
   * Sends `signal` (SIGKILL unless told) and waits for the run to end. (nginx's worker outlives a
   * SIGKILL of its master and keeps the port: stop nginx with `stop()`.)
   */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<ExitStatus> {
    if (this.running) this.child!.kill(signal);
    return this.exit;
  }

  /** Asks the run to stop (SIGTERM; nginx: its fast shutdown), killing it if it has not within 20 s. */
  async stop(): Promise<ExitStatus> {
    if (!this.running) return this.exit;
    this.child!.kill(this.stopSignal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
    });
    const outcome = await Promise.race([this.exit, late]);
    clearTimeout(timer);
    return outcome === 'late' ? this.kill('SIGKILL') : outcome;
  }

  /** Stops the current run (if any), starts a new one and waits until it is ready. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** On the test runner's way out: no time to wait, only to signal. */
  signalNow(): void {
    if (this.running) this.child!.kill(this.stopSignal);
  }
}

export interface ClusterOptions {
  /** Web processes behind nginx (default 2). */
  webs?: number;
  /** Workers (default 1). */
  workers?: number;
  /**
   * A database to use (migrated here) instead of an embedded PostgreSQL of the cluster's own;
   * `database.stop()` and `database.start()` need the embedded one.
   */
  databaseUrl?: string;
  /** Listings the demo seed puts on the market (default 60). */
  seedListings?: number;
  /** More environment for every process (LOG_LEVEL, TRUST_PROXY_HOPS …), over the cluster's own. */
  env?: Record<string, string>;
}

export interface ClusterDatabase {
  url: string;
  /** Stops the embedded PostgreSQL (fast shutdown: sessions are ended). */
  stop(): Promise<void>;
  /** Starts it again on the same data and port. */
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx's origin: PUBLIC_URL of every process. */
  url: string;
  database: ClusterDatabase;
  /** ROLE=web processes, in nginx's upstream order. */
  webs: ClusterProcess[];
  /** ROLE=worker processes. */
  workers: ClusterProcess[];
  nginx: ClusterProcess;
  /** The temporary directory holding every process's DATA_DIR, nginx's files and the embedded PostgreSQL. */
  dir: string;
  /** nginx's error log so far. */
  nginxErrors(): string;
  /** Stops everything (nginx first, so no request reaches a stopping process) and removes `dir`. */
  stop(): Promise<void>;
}

/** The environment of the test runner without any of the server's own variables. */
function inheritedEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return env;
}

async function migrate(url: string): Promise<void> {
  // The migration lock is held on one connection while the migrations use another.
  const dataSource = createDataSource(url, { poolSize: 2 });
  await dataSource.initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

function embeddedDatabase(dataDir: string, port: number): ClusterDatabase & { running(): boolean } {
  let server: EmbeddedDatabase | undefined;
  const options = { dataDir, port, database: 'skinmarket' };
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/skinmarket`,
    running: () => server !== undefined,
    async start() {
      if (server) return;
      server = await startEmbeddedDatabase(options);
    },
    async stop() {
      const stopping = server;
      server = undefined;
      await stopping?.stop();
    },
  };
}

function givenDatabase(url: string): ClusterDatabase & { running(): boolean } {
  const refuse = async () => {
    throw new Error('the cluster was given a database (databaseUrl); only its own embedded PostgreSQL can be stopped and started');
  };
  return { url, running: () => false, start: refuse, stop: refuse };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'skinmarket-cluster-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to reach its directory.
  chmodSync(dir, 0o711);
  const database = options.databaseUrl ? givenDatabase(options.databaseUrl) : embeddedDatabase(path.join(dir, 'postgres'), await freePort());
  const nginxDir = path.join(dir, 'nginx');
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;

  // Every process of one deployment shares these: a session signed by one is read by the others,
  // a payout detail encrypted by one is decrypted by the others, push subscriptions fit every sender.
  const vapid = webpush.generateVAPIDKeys();
  const shared: Record<string, string> = {
    DATABASE_URL: database.url,
    PUBLIC_URL: url,
    HOST: '127.0.0.1',
    STEAM_MODE: 'simulated',
    PAYMENTS_MODE: 'simulated',
    SESSION_KEYS: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    TRUST_PROXY: 'true',
    SEED_LISTINGS: String(options.seedListings ?? 60),
    SIM_TRADE_ACCEPT_MS: '200',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const inherited = inheritedEnvironment();
  const serverProcess = async (role: 'web' | 'worker', index: number) => {
    const name = `${role}-${index}`;
    const port = await freePort();
    const env = { ...inherited, ...shared, ROLE: role, PORT: String(port), DATA_DIR: path.join(dir, 'data', name) };
    return new ClusterProcess(name, { file: process.execPath, args: [...SERVER_NODE_FLAGS, '--import', 'tsx', 'api/main.ts'], env }, `http://127.0.0.1:${port}`);
  };
  const webs: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];
  for (let i = 1; i <= (options.webs ?? 2); i++) webs.push(await serverProcess('web', i));
  for (let i = 1; i <= (options.workers ?? 1); i++) workers.push(await serverProcess('worker', i));

  mkdirSync(nginxDir, { recursive: true });
  const nginxConfigFile = path.join(nginxDir, 'nginx.conf');
  writeFileSync(
    nginxConfigFile,
    nginxMainConfig(nginxDir, renderNginxConfig({ listen: `127.0.0.1:${nginxPort}`, upstreams: webs.map((web) => `127.0.0.1:${web.port}`) })),
  );
  const nginx = new ClusterProcess(
    'nginx',
    { file: findNginx(), args: ['-p', `${nginxDir}/`, '-e', path.join(nginxDir, 'error.log'), '-c', nginxConfigFile], env: inherited },
    url,
    // nginx's graceful stop (SIGQUIT) would wait for open event streams: SIGTERM is its fast one.
    'SIGTERM',
  );
  const all = [...webs, ...workers, nginx];

  const onRunnerExit = () => {
    for (const child of all) child.signalNow();
  };
  process.once('exit', onRunnerExit);
  let stopping: Promise<void> | undefined;
  const cluster: Cluster = {
    url,
    database,
    webs,
    workers,
    nginx,
    dir,
    nginxErrors: () => {
      try {
        return readFileSync(path.join(nginxDir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    stop() {
      stopping ??= (async () => {
        const steps = [() => nginx.stop(), () => Promise.all([...webs, ...workers].map((child) => child.stop())), () => (database.running() ? database.stop() : undefined)];
        const failures: unknown[] = [];
        for (const step of steps) await Promise.resolve(step()).catch((error: unknown) => failures.push(error));
        process.removeListener('exit', onRunnerExit);
        rmSync(dir, { recursive: true, force: true });
        if (failures.length) throw new AggregateError(failures, 'the cluster did not stop cleanly');
      })();
      return stopping;
    },
  };

  try {
    if (!options.databaseUrl) await database.start();
    await migrate(database.url);
    // In parallel: each takes seconds to load. The demo seed runs once, under its lock (api/db/seed.ts).
    await Promise.all([...webs, ...workers].map((child) => child.start()));
    // nginx answers /healthz from a web process: so it is up and its upstreams are reachable.
    nginx.spawn();
    await nginx.waitUntilReady('/healthz').catch((error: Error) => {
      throw new Error(`${error.message}\n${cluster.nginxErrors()}`);
    });
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
  return cluster;
}
