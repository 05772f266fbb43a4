/**
 * Sends one persisted trade offer (status `sending`) through the trade bot and records the outcome.
 * The bot is called outside any database transaction; around the call, two short transactions:
 *
 * 1. claim: appends a 'sending' attempt to the offer's history, on the condition that the history
 *    still has the length this dispatcher read (compare-and-set), so two dispatchers never both send
 *    it. A claimed offer is claimed again only once the claim is older than CLAIM_LEASE_MS (its
 *    dispatcher died before recording an answer).
 * 2. record: the bot's offer id and state (`open`), or `failed` with SEND_FAILED_MESSAGE when the bot
 *    could not be reached or refused. A send whose answer was lost may have reached Steam all the
 *    same (a timeout; a dispatcher that died mid-send): Steam's sent offers are searched for our
 *    `(ref <id>)` first, after a failed send and before sending an offer claimed before, and such an
 *    offer is followed instead of being left untracked or sent twice. An offer that was given up on
 *    meanwhile (a stuck deposit marked failed by the sweep, or cancelled by its seller) keeps its
 *    status and the bot's offer is cancelled. So is the bot's offer of
 *    a dispatcher slower than the lease whose offer was sent again by another: the send recorded
 *    first is the one followed, never replaced by its cancelled twin.
 */
import { type DataSource } from 'typeorm';
import { STEAM_APP_ID } from '../../shared/constants';
import { audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { TradeOffer } from '../entities';
import { recordEvent } from '../events/domainEvents';
import { SEND_FAILED_MESSAGE, statusForState } from '../market/offerStates';
import { failUnsentOffer } from '../market/unsentOffers';
import { type SendOfferRequest } from '../steam/tradeBot';
import { tradeOfferSynchronizer } from './tradeOfferSynchronizer';

/** A dispatcher that claimed an offer this long ago and recorded nothing is presumed dead. */
export const CLAIM_LEASE_MS = 60_000;

export type DispatchOutcome = 'sent' | 'failed' | 'skipped';

interface Props {
  offerId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs'>>;
}

const MESSAGES = {
  deposit: 'Your items for sale on SkinMarket',
  return: 'Your cancelled listing, returned by SkinMarket',
  delivery: 'Your purchase from SkinMarket',
} as const;

/** Steam's offers changed since a minute before ours was created (clocks differ) include any it sent. */
const searchFrom = (offer: TradeOffer) => Math.floor(offer.createdAt.getTime() / 1000) - 60;

/** What our offers' messages carry, so that Steam's offer can be matched to ours. */
export const markerOf = (offerId: string) => `(ref ${offerId})`;

function sendRequestOf(offer: TradeOffer): SendOfferRequest {
  const items = offer.items.map((item) => ({ appid: STEAM_APP_ID, contextid: item.contextid, assetid: item.assetid }));
  return {
    tradeUrl: offer.tradeUrl,
    itemsToReceive: offer.kind === 'deposit' ? items : [],
    itemsToGive: offer.kind === 'deposit' ? [] : items,
    // Our id in the message lets an operator (or a bot) match Steam's offer to ours.
    message: `${MESSAGES[offer.kind]} ${markerOf(offer.id)}`,
  };
}

async function claim(dataSource: DataSource, offer: TradeOffer): Promise<boolean> {
  const result = await dataSource
    .createQueryBuilder()
    .update(TradeOffer)
    .set({
      history: () => `history || jsonb_build_array(jsonb_build_object('state', NULL, 'status', 'sending', 'at', now()))`,
      updatedAt: () => 'now()',
    })
    .where('id = :id AND status = :status AND steam_offer_id IS NULL', { id: offer.id, status: 'sending' })
    .andWhere('jsonb_array_length(history) = :length', { length: offer.history.length })
    .andWhere(`(:length = 0 OR updated_at < now() - make_interval(secs => :lease))`, { lease: CLAIM_LEASE_MS / 1000 })
    .execute();
  return (result.affected ?? 0) === 1;
}

export async function tradeOfferDispatcher({ offerId, services }: Props): Promise<DispatchOutcome> {
  const { dataSource, bot, logger } = services;
  const offer = await dataSource.getRepository(TradeOffer).findOneBy({ id: offerId });
  if (!offer || offer.status !== 'sending' || offer.steamOfferId !== null) return 'skipped';
  if (!(await claim(dataSource, offer))) return 'skipped';

  let sent: { offerId: string; state: number };
  try {
    // Claimed before: that dispatcher may have reached Steam before it died.
    const earlier = offer.history.length > 0 ? await bot.findSentOffer(markerOf(offerId), searchFrom(offer)) : null;
    sent = earlier ?? (await bot.sendOffer(sendRequestOf(offer)));
  } catch (error) {
    const reached = await bot.findSentOffer(markerOf(offerId), searchFrom(offer)).catch(() => null);
    if (!reached) {
      logger.warn({ err: error, offerId, kind: offer.kind }, 'the trade bot could not send an offer');
      await recordSendFailure(dataSource, offerId, error);
      return 'failed';
    }
    logger.warn({ err: error, offerId, steamOfferId: reached.offerId }, "the trade bot's answer was lost, but Steam has the offer: following it");
    sent = reached;
  }

  const recorded = await recordSent(dataSource, offerId, sent);
  if (recorded === 'followed') return 'sent';
  if (recorded === 'given_up') {
    // Given up on while the bot was sending: take the offer back at Steam.
    await bot.cancelOffer(sent.offerId).catch((error: unknown) => logger.warn({ err: error, offerId }, 'could not cancel an abandoned offer'));
    return 'failed';
  }
  if (statusForState(sent.state) !== 'open') {
    // Already answered (a counterparty that responds at once): apply the full offer now.
    await tradeOfferSynchronizer({ botOffer: await bot.getOffer(sent.offerId), services }).catch((error: unknown) =>
      logger.warn({ err: error, offerId }, 'could not sync an offer right after sending; the poller will'),
    );
  }
  return 'sent';
}

/**
 * `live`: recorded as the offer we follow. `followed`: another dispatcher already follows this very
 * Steam offer (it found it by our ref). `given_up`: the offer moved on without it; it is to be
 * cancelled at Steam.
 */
async function recordSent(dataSource: DataSource, offerId: string, sent: { offerId: string; state: number }): Promise<'live' | 'followed' | 'given_up'> {
  return inTransaction(dataSource, async (manager) => {
    const offer = await manager.getRepository(TradeOffer).findOneOrFail({ where: { id: offerId }, lock: { mode: 'pessimistic_write' } });
    if (offer.steamOfferId === sent.offerId) return 'followed';
    const live = offer.status === 'sending';
    // Ours is cancelled unless live. A deposit given up on still keeps the bot's id, so that items
    // arriving after all get listed. Any other offer no longer sending keeps what it has: another
    // dispatcher's send (the one being followed, which must not be swapped for our cancelled twin)
    // or, for a delivery or return given up on, no id, so that it is retried as a new offer.
    if (live || (offer.kind === 'deposit' && offer.status === 'failed' && offer.steamOfferId === null)) {
      offer.steamOfferId = sent.offerId;
      offer.steamState = sent.state;
    }
    if (live) {
      offer.status = 'open';
      offer.history = [...offer.history, { state: sent.state, status: 'open', at: new Date().toISOString() }];
    }
    await manager.getRepository(TradeOffer).save(offer);
    await audit(manager, {
      actor: 'system:trade-bot',
      action: live ? 'trade_offer.sent' : 'trade_offer.sent_after_giving_up',
      subjectType: 'trade_offer',
      subjectId: offerId,
      details: { steamOfferId: sent.offerId, state: sent.state, kind: offer.kind },
    });
    if (live) await recordEvent(manager, { userId: offer.userId, type: 'trade-offer', payload: { offerId, status: offer.status, state: sent.state } });
    return live ? 'live' : 'given_up';
  });
}

async function recordSendFailure(dataSource: DataSource, offerId: string, error: unknown): Promise<void> {
  await inTransaction(dataSource, async (manager) => {
    const offer = await manager.getRepository(TradeOffer).findOneOrFail({ where: { id: offerId }, lock: { mode: 'pessimistic_write' } });
    if (offer.status !== 'sending') return;
    await failUnsentOffer(manager, offer, {
      message: SEND_FAILED_MESSAGE,
      actor: 'system:trade-bot',
      action: 'trade_offer.send_failed',
      details: { kind: offer.kind, error: (error as Error)?.message ?? String(error) },
    });
  });
}
