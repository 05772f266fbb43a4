import { type Middleware } from 'koa';
import { type DataSource } from 'typeorm';
import { type Config } from './config';
import { type EventHub } from './events/liveEvents';
import { type FieldCipher } from './crypto/fieldCipher';
import { type MarketJobs } from './jobs/marketJobs';
import { type Logger } from './logger';
import { type Mailer } from './mailer';
import { type PushSender } from './push/pushSender';
import { type PaymentGateway } from './payments/gateway';
import { type RateLimiter } from './middleware/rateLimit';
import { type Secrets } from './secrets';
import { type StaffSessions } from './staff/session';
import { type SteamGateway } from './steam/gateway';
import { type TradeBot } from './steam/tradeBot';

/** What route modules are built from: the process's configuration and shared services. */
export interface AppServices {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  secrets: Secrets;
  rateLimiter: RateLimiter;
  /** Steam: live, or the simulated Steam under /dev/steam (same protocols). */
  steam: SteamGateway;
  /**
   * The platform's trade bot: live (steam-user …) or the simulated bot trading with /dev/steam. Only
   * call it while `runsBot()`: elsewhere it refuses every call.
   */
  bot: TradeBot;
  /**
   * Whether this process runs the trade bot now: a worker while it leads (one per deployment), the
   * single-process default. A web process never does: it leaves offer work in the database for the
   * leader (api/market/offerWork.ts).
   */
  runsBot(): boolean;
  /** Hosted checkout and signed webhooks: Stripe, or the simulated provider under /dev/pay. */
  payments: PaymentGateway;
  /** Encrypts payout details at rest. */
  cipher: FieldCipher;
  /** Live events for open tabs (SSE), fanned out between processes by LISTEN/NOTIFY. */
  events: EventHub;
  /** Web Push to users' devices (VAPID). */
  push: PushSender;
  /** Support mailbox delivery; absent when SMTP is not configured. */
  mailer?: Mailer;
  /** Durable market jobs (pg-boss), present while the background work runs (not in tests or ops scripts). */
  jobs?: MarketJobs;
  /** Staff console sessions (their own cookie and table; never a customer's session). */
  staffSessions: StaffSessions;
  /** The simulators' routes (/dev/steam, /dev/pay); absent in live mode. */
  simulatorRoutes?: Middleware;
}
