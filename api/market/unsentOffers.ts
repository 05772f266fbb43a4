/**
 * An offer that did not reach Steam, or is given up before it does, ends `failed` with the message
 * its user sees, audited and announced like every offer change (the send failed, the sweep gave a
 * stuck deposit up, the seller cancelled it while it was being sent). The caller holds the row lock
 * and has checked the offer is still `sending`.
 */
import { type EntityManager } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { TradeOffer } from '../entities';
import { recordEvent } from '../events/domainEvents';

export async function failUnsentOffer(
  manager: EntityManager,
  offer: TradeOffer,
  p: { message: string; actor: Actor; action: string; details?: Record<string, unknown>; at?: Date },
): Promise<void> {
  offer.status = 'failed';
  offer.message = p.message;
  offer.history = [...offer.history, { state: null, status: 'failed', at: (p.at ?? new Date()).toISOString() }];
  await manager.getRepository(TradeOffer).save(offer);
  await audit(manager, { actor: p.actor, action: p.action, subjectType: 'trade_offer', subjectId: offer.id, details: p.details });
  await recordEvent(manager, { userId: offer.userId, type: 'trade-offer', payload: { offerId: offer.id, status: 'failed', state: null } });
}
