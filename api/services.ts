/**
 * The composition root: builds the services the app and the background workers run on. The
 * simulators (api/dev) are loaded here, dynamically and only in simulated mode, so no production
 * module imports them.
 */
import { type DataSource } from 'typeorm';
import { type Config } from './config';
import { type AppServices } from './context';
import { createFieldCipher } from './crypto/fieldCipher';
import { createEventHub } from './events/liveEvents';
import { type Seeder } from './db/seed';
import { type Logger } from './logger';
import { createMailer } from './mailer';
import { startJobs } from './jobs/index';
import { startPushDispatcher } from './push/pushDispatcher';
import { pushEndpointPolicy } from './push/endpointPolicy';
import { createPushSender } from './push/pushSender';
import { loadVapidKeys } from './push/vapid';
import { createRateLimiter } from './middleware/rateLimit';
import { createStripeGateway } from './payments/gateway';
import { type Secrets } from './secrets';
import { createSteamGateway } from './steam/gateway';

export interface Runtime {
  services: AppServices;
  /** Demo seeders (simulated mode only). */
  seeders: Seeder[];
  /** Starts the background work (simulators …); returns the function that stops it. */
  startBackground(): () => Promise<void>;
}

export async function buildRuntime(p: { config: Config; logger: Logger; dataSource: DataSource; secrets: Secrets }): Promise<Runtime> {
  const { config, logger, dataSource, secrets } = p;
  const simulated = config.steamMode === 'simulated' || config.paymentsMode === 'simulated';
  const dev = simulated ? await import('./dev/index') : undefined;
  const payments =
    config.paymentsMode === 'live'
      ? createStripeGateway({ secretKey: config.stripeSecretKey!, webhookSecret: config.stripeWebhookSecret! })
      : dev!.simulatedPayments(config, dataSource, secrets);
  const services: AppServices = {
    config,
    logger,
    dataSource,
    secrets,
    rateLimiter: createRateLimiter(dataSource),
    steam: createSteamGateway(config, logger),
    bot:
      config.steamMode === 'live'
        ? (await import('./steam/live/index')).createLiveTradeBot({ config, dataSource, logger, cipher: createFieldCipher(secrets.dataEncryptionKey) })
        : dev!.simulatedTradeBot(config, dataSource, logger),
    payments,
    cipher: createFieldCipher(secrets.dataEncryptionKey),
    mailer: createMailer(config, logger),
    events: createEventHub(dataSource, logger),
    push: createPushSender({ keys: loadVapidKeys(config), policy: pushEndpointPolicy(config), logger }),
  };
  if (dev) services.simulatorRoutes = dev.simulatorRoutes(services);
  return {
    services,
    seeders: config.steamMode === 'simulated' && dev ? dev.demoSeeders : [],
    startBackground() {
      // The bot logs on in the background; a failed log-on leaves it offline (bot-status says so).
      const botStarted = services.bot.start().catch((error: unknown) => {
        logger.error({ err: error }, 'the trade bot did not start');
        return async () => undefined;
      });
      const stops: Array<() => Promise<void>> = [async () => (await botStarted)(), startPushDispatcher(dataSource, services.push, logger)];
      // Market jobs (hold ends, deliveries, reversals, the sweep) on pg-boss; stopped first, gracefully.
      const stopJobs = startJobs(services);
      return async () => {
        await stopJobs();
        await Promise.all(stops.map((stop) => stop()));
      };
    },
  };
}
