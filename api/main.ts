/** Process entry: `npm start` / `npm run serve`. Starts the server and stops it cleanly on signals. */
import { loadConfig } from './config';
import { startServer } from './server';

async function main() {
  const config = loadConfig();
  const running = await startServer(config);
  const listening = config.publicUrl !== running.url ? ` (listening on ${running.url})` : '';
  process.stdout.write(`SkinMarket is ready on ${config.publicUrl}${listening}\n`);

  // Ctrl-C reaches the process twice under npm (from the terminal and forwarded by npm): only a
  // second signal more than a second after the first means "stop waiting".
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
    if (firstSignalAt) {
      console.error(`skinmarket: ${signal} again, exiting without waiting`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`skinmarket: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  console.error(`skinmarket: ${(error as Error).message}`);
  process.exit(1);
});
