/**
 * Trade-offer work a process without the trade bot leaves for the one that runs it (the leading
 * worker): an offer to send (committed `sending`) or an open offer the seller called off
 * (`cancel_requested_at`). The work itself is in the database; a NOTIFY after the commit only wakes
 * the leader at once, and the market sweep picks up anything a lost notification left behind.
 */
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { type Logger } from '../logger';

export const OFFER_WORK_CHANNEL = 'skinmarket_offer_work';

export type OfferWork = { offerId: string; action: 'send' | 'cancel' };

const RECONNECT_MS = 1_000;

/** Wakes the leader for an offer whose work was committed. A lost wake-up only delays it until the sweep. */
export async function wakeOfferWork(dataSource: DataSource, work: OfferWork, logger: Logger): Promise<void> {
  await dataSource.query('SELECT pg_notify($1, $2)', [OFFER_WORK_CHANNEL, JSON.stringify(work)]).catch((error: unknown) => {
    logger.warn({ err: error, ...work }, 'could not wake the trade bot for an offer; the sweep will pick it up');
  });
}

/** Listens for offer work on a connection of its own (reconnecting); returns the function that stops it. */
export function listenForOfferWork(databaseUrl: string, logger: Logger, onWork: (work: OfferWork) => void): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const candidate = new pg.Client({ connectionString: databaseUrl, application_name: 'skinmarket-offer-work', connectionTimeoutMillis: 2_000, query_timeout: 5_000, keepAlive: true });
    candidate.on('notification', (message) => {
      if (message.channel !== OFFER_WORK_CHANNEL || !message.payload) return;
      try {
        const work = JSON.parse(message.payload) as OfferWork;
        if (typeof work.offerId === 'string' && (work.action === 'send' || work.action === 'cancel')) onWork(work);
      } catch {
        // Not ours to read: the sweep still finds the work in the database.
      }
    });
    candidate.on('error', (error) => {
      logger.warn({ err: error }, 'offer work connection lost');
      candidate.end().catch(() => undefined);
      if (client === candidate) client = undefined;
      reconnectLater();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${OFFER_WORK_CHANNEL}`);
      if (stopped) await candidate.end();
      else client = candidate;
    } catch (error) {
      logger.warn({ err: error }, 'could not listen for offer work; retrying');
      candidate.end().catch(() => undefined);
      reconnectLater();
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
    client = undefined;
  };
}
