import { describe, expect, it } from 'vitest';
import type { TradeOfferStatus } from '../../../../../shared/schemas/market';
import { ApiError } from '../../../api/client';
import { IDLE, isDismissable, requestFailureMessage, transition, watchedOfferId, type TradeFlowEvent, type TradeFlowState } from './tradeFlow';

const open: TradeOfferStatus = { success: true, isAccepted: false, state: 'Active' };
const accepted: TradeOfferStatus = { success: true, isAccepted: true, state: 'Accepted' };
const declined: TradeOfferStatus = { success: false, isAccepted: false, state: 'Declined', message: 'The trade offer was declined' };

function run(...events: TradeFlowEvent[]): TradeFlowState {
  return events.reduce(transition, IDLE);
}

describe('sell trade flow', () => {
  it('goes idle → processing → waiting → accepted on the happy path', () => {
    expect(run({ type: 'submitted' })).toEqual({ status: 'processing' });
    expect(run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' })).toEqual({ status: 'waiting', offerId: 'o1' });
    expect(
      run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }, { type: 'statusReceived', status: open }, { type: 'statusReceived', status: accepted }),
    ).toEqual({ status: 'accepted' });
  });

  it('keeps waiting while the offer is open', () => {
    const waiting = run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' });
    expect(transition(waiting, { type: 'statusReceived', status: open })).toBe(waiting);
  });

  it('fails from processing when the server refuses, the request errors, or the user cancels', () => {
    expect(run({ type: 'submitted' }, { type: 'offerRefused', reason: 'Item already listed' })).toEqual({ status: 'failed', reason: 'Item already listed' });
    expect(run({ type: 'submitted' }, { type: 'offerRefused' })).toEqual({ status: 'failed', reason: null });
    expect(run({ type: 'submitted' }, { type: 'cancelled' })).toEqual({ status: 'failed', reason: null });
  });

  it('fails from waiting when the poll reports failure, polling fails for good, or the user cancels', () => {
    const waiting: TradeFlowEvent[] = [{ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }];
    expect(run(...waiting, { type: 'statusReceived', status: declined })).toEqual({ status: 'failed', reason: 'The trade offer was declined' });
    expect(run(...waiting, { type: 'statusFailed', reason: 'Not found' })).toEqual({ status: 'failed', reason: 'Not found' });
    expect(run(...waiting, { type: 'cancelled' })).toEqual({ status: 'failed', reason: null });
  });

  it('ignores answers that arrive after the user cancelled', () => {
    const cancelled = run({ type: 'submitted' }, { type: 'cancelled' });
    expect(transition(cancelled, { type: 'offerSent', offerId: 'late' })).toBe(cancelled);
    expect(transition(cancelled, { type: 'statusReceived', status: accepted })).toBe(cancelled);
  });

  it('ignores events that do not belong to the state', () => {
    expect(transition(IDLE, { type: 'offerSent', offerId: 'o1' })).toBe(IDLE);
    expect(transition(IDLE, { type: 'cancelled' })).toBe(IDLE);
    expect(transition(IDLE, { type: 'reset' })).toBe(IDLE);
    const processing = run({ type: 'submitted' });
    expect(transition(processing, { type: 'submitted' })).toBe(processing);
    expect(transition(processing, { type: 'reset' })).toBe(processing);
    expect(transition(processing, { type: 'statusReceived', status: accepted })).toBe(processing);
    const done = run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }, { type: 'statusReceived', status: accepted });
    expect(transition(done, { type: 'statusReceived', status: declined })).toBe(done);
    expect(transition(done, { type: 'cancelled' })).toBe(done);
  });

  it('resets to idle from failed (Try Again) and accepted (Close)', () => {
    expect(transition(run({ type: 'submitted' }, { type: 'cancelled' }), { type: 'reset' })).toEqual(IDLE);
    expect(
      transition(run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }, { type: 'statusReceived', status: accepted }), { type: 'reset' }),
    ).toEqual(IDLE);
  });

  it('watches the offer id only while waiting, and is not dismissable while processing', () => {
    expect(watchedOfferId(run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }))).toBe('o1');
    expect(watchedOfferId(run({ type: 'submitted' }))).toBeNull();
    expect(watchedOfferId(run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }, { type: 'statusReceived', status: accepted }))).toBeNull();
    expect(isDismissable(run({ type: 'submitted' }))).toBe(false);
    expect(isDismissable(IDLE)).toBe(true);
    expect(isDismissable(run({ type: 'submitted' }, { type: 'offerSent', offerId: 'o1' }))).toBe(true);
    expect(isDismissable(run({ type: 'submitted' }, { type: 'cancelled' }))).toBe(true);
  });
});

describe('requestFailureMessage', () => {
  it("uses the server's message, else the default, as 'Trade Request Failed'", () => {
    expect(requestFailureMessage(new ApiError(409, 'Already in a trade offer', { message: 'Already in a trade offer' }))).toEqual({
      title: 'Trade Request Failed',
      description: 'Already in a trade offer',
    });
    expect(requestFailureMessage({ success: false })).toEqual({ title: 'Trade Request Failed', description: 'Failed to process trade request. Please try again.' });
  });

  it("says 'Error' / try again later when the request got no answer", () => {
    expect(requestFailureMessage(new TypeError('Failed to fetch'))).toEqual({ title: 'Error', description: 'Failed to send trade offer. Please try again later' });
  });
});
