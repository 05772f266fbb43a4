/** Process entry: `npm start` / `npm run serve`. Starts the server and stops it cleanly on signals. */
import { loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { startServer, type RunningServer } from './server';

async function main() {
  const config = loadConfig();
  // Filled in once start-up finishes; a signal before then asks for a stop right after it.
  const state: { running?: RunningServer; stopRequested: boolean } = { stopRequested: false };

  const stop = (server: RunningServer) =>
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`skinmarket: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );

  // Installed before anything starts: a signal with no listener kills the process at once, which
  // would leave the embedded PostgreSQL running. Ctrl-C reaches the process twice under npm (from
  // the terminal and forwarded by npm): only a second signal more than a second later means
  // "stop waiting".
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
    if (firstSignalAt) {
      console.error(`skinmarket: ${signal} again, exiting without waiting`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    if (state.running) void stop(state.running);
    else state.stopRequested = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const logger = createLogger(config.logLevel);
  // pg-boss 10 does not await a finished job's complete/fail: while the database is away those
  // promises reject with nobody listening, and Node would end the process (leaving the embedded
  // PostgreSQL behind). Such a rejection is logged and the process keeps serving (503 until the
  // database is back); the job it concerned is retried by the job system.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection; the process keeps running'));

  const running = await startServer(config, logger);
  state.running = running;
  if (state.stopRequested) return stop(running);
  const listening = config.publicUrl !== running.url ? ` (listening on ${running.url})` : '';
  process.stdout.write(`SkinMarket is ready on ${config.publicUrl}${listening}\n`);
  if (config.staffOidc) process.stdout.write(`${await staffConsoleLine(config)}\n`);
}

/** Where the staff console is; with the embedded provider, who may sign in to it (no password). */
async function staffConsoleLine(config: Config): Promise<string> {
  const url = `Staff console: ${config.publicUrl}/staff`;
  if (!config.staffOidc?.embedded) return url;
  // The demo staff belong to the simulators, loaded only in simulated mode (as api/services.ts does).
  const { DEMO_STAFF_ACCOUNTS } = await import('./dev/oidc/staffAccounts');
  return `${url} (demo staff, no password: ${DEMO_STAFF_ACCOUNTS.map((account) => `${account.email} [${account.roles.join(', ')}]`).join(', ')})`;
}

main().catch((error: unknown) => {
  console.error(`skinmarket: ${(error as Error).message}`);
  process.exit(1);
});
