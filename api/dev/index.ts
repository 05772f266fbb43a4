/**
 * The simulators: a simulated Steam (OpenID provider, Web API, community inventory, trade bot), a
 * simulated payment provider and the staff console's OpenID provider, speaking the real services'
 * protocols so that the production code paths are the ones the demo and the tests exercise.
 * Production code never imports this tree: the composition root (api/services.ts) loads it
 * dynamically in simulated mode only.
 */
import compose from 'koa-compose';
import { type Middleware } from 'koa';
import { type DataSource } from 'typeorm';
import { type Config } from '../config';
import { type AppServices } from '../context';
import { type Seeder } from '../db/seed';
import { type Logger } from '../logger';
import { type PaymentGateway } from '../payments/gateway';
import { type Secrets } from '../secrets';
import { type TradeBot } from '../steam/tradeBot';
import { createSimulatedGateway, simulatedWebhookSecret } from './pay/gateway';
import { devPayRouter } from './pay/router';
import { embeddedOidcRoutes } from './oidc/provider';
import { marketListingsSeeder } from './seed/marketListings';
import { salesHistorySeeder } from './seed/salesHistory';
import { createSimulatedTradeBot } from './steam/bot/simulatedTradeBot';
import { devSteamRouter } from './steam/router';

/** The simulated provider behind PayPal-type deposits (checkouts hosted under /dev/pay). */
export function simulatedPayments(config: Config, dataSource: DataSource, secrets: Secrets): PaymentGateway {
  return createSimulatedGateway({ config, dataSource, webhookSecret: simulatedWebhookSecret(config, secrets.sessionKeys[0]!) });
}

/**
 * The routes under /dev/steam and /dev/pay, for the modes that are simulated, and the staff
 * console's embedded OpenID provider under /dev/oidc when it is the configured one.
 */
export function simulatorRoutes(services: AppServices): Middleware {
  const routers: Middleware[] = [];
  if (services.config.steamMode === 'simulated') routers.push(devSteamRouter(services).routes() as unknown as Middleware);
  if (services.config.paymentsMode === 'simulated') routers.push(devPayRouter(services).routes() as unknown as Middleware);
  if (services.config.staffOidc?.embedded) routers.push(embeddedOidcRoutes(services));
  return compose(routers);
}

/** Demo data seeded once per database in simulated mode: the listings, then the sales history of what they list. */
export const demoSeeders: Seeder[] = [marketListingsSeeder, salesHistorySeeder];

/** The simulated trade bot: trades with the simulated Steam under /dev/steam over HTTP. */
export function simulatedTradeBot(config: Config, dataSource: DataSource, logger: Logger): TradeBot {
  return createSimulatedTradeBot({ baseUrl: `${config.publicUrl}/dev/steam`, dataSource, logger, holdMs: config.tradeHoldMs });
}
