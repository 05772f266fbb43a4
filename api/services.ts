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
import { createStaffSessions } from './staff/session';
import { createSteamGateway } from './steam/gateway';
import { startBotLeadership } from './steam/botLeadership';
import { absentTradeBot } from './steam/tradeBot';
import { listenForOfferWork } from './market/offerWork';
import { tradeOfferDispatcher } from './commands/tradeOfferDispatcher';
import { requestedCancelApplier } from './commands/tradeOfferCanceller';

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
      config.role === 'web'
        ? absentTradeBot()
        : config.steamMode === 'live'
          ? (await import('./steam/live/index')).createLiveTradeBot({ config, dataSource, logger, cipher: createFieldCipher(secrets.dataEncryptionKey) })
          : dev!.simulatedTradeBot(config, dataSource, logger),
    // Until the background work starts (never, in tests and ops scripts), a process other than a
    // web one acts on the bot directly, as one process alone does.
    runsBot: () => config.role !== 'web',
    payments,
    cipher: createFieldCipher(secrets.dataEncryptionKey),
    mailer: createMailer(config, logger),
    events: createEventHub(dataSource, logger),
    push: createPushSender({ keys: loadVapidKeys(config), policy: pushEndpointPolicy(config), logger }),
    staffSessions: createStaffSessions(dataSource, { secure: config.secure }),
  };
  if (dev) services.simulatorRoutes = dev.simulatorRoutes(services);
  return {
    services,
    seeders: config.steamMode === 'simulated' && dev ? dev.demoSeeders : [],
    startBackground() {
      // A web process serves HTTP only: no bot, no jobs, no push.
      if (config.role === 'web') return async () => undefined;
      const stopPush = startPushDispatcher(dataSource, services.push, logger);
      const leadership = startBotLeadership({ databaseUrl: databaseUrlOf(dataSource), logger, lead: () => Promise.resolve(leadTradeBot(services)) });
      services.runsBot = leadership.isLeader;
      return async () => {
        await leadership.stop();
        await stopPush();
      };
    },
  };
}

/**
 * The leader's work: the trade bot, the market jobs (hold ends, deliveries, reversals, the sweep all
 * need the bot) and the offer work web processes leave; returns the function that stops it, jobs
 * first and gracefully.
 */
function leadTradeBot(services: AppServices): () => Promise<void> {
  const { dataSource, logger } = services;
  // The bot logs on in the background; a failed log-on leaves it offline (bot-status says so).
  const botStarted = services.bot.start().catch((error: unknown) => {
    logger.error({ err: error }, 'the trade bot did not start');
    return async () => undefined;
  });
  const stopJobs = startJobs(services);
  const stopOfferWork = listenForOfferWork(databaseUrlOf(dataSource), logger, ({ offerId, action }) => {
    const work = action === 'send' ? tradeOfferDispatcher({ offerId, services }) : requestedCancelApplier({ offerId, services });
    work.catch((error: unknown) => logger.warn({ err: error, offerId, action }, 'offer work failed; the sweep tries again'));
  });
  return async () => {
    await stopOfferWork();
    await stopJobs();
    await (await botStarted)();
  };
}

const databaseUrlOf = (dataSource: DataSource) => (dataSource.options as { url?: string }).url!;
