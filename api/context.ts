import { type DataSource } from 'typeorm';
import { type Config } from './config';
import { type Logger } from './logger';
import { type Mailer } from './mailer';
import { type RateLimiter } from './middleware/rateLimit';
import { type Secrets } from './secrets';
import { type SteamGateway } from './steam/gateway';

/** What route modules are built from: the process's configuration and shared services. */
export interface AppServices {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  secrets: Secrets;
  rateLimiter: RateLimiter;
  /** Steam: live, or the simulated Steam under /dev/steam (same protocols). */
  steam: SteamGateway;
  /** Support mailbox delivery; absent when SMTP is not configured. */
  mailer?: Mailer;
}
