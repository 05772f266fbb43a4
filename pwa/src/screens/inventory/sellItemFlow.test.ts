import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { canDismiss, sendFailureMessage } from './sellItemFlow';

describe('sendFailureMessage', () => {
  it("shows the server's message as 'Trade Offer Failed'", () => {
    const error = new ApiError(409, 'AK-47 | Redline is already in a trade offer', { message: 'AK-47 | Redline is already in a trade offer', code: 'conflict' });
    expect(sendFailureMessage(error)).toEqual({ title: 'Trade Offer Failed', description: 'AK-47 | Redline is already in a trade offer' });
  });

  it('falls back to the default text when the server gave none', () => {
    expect(sendFailureMessage(new ApiError(500, '', {}))).toEqual({ title: 'Trade Offer Failed', description: 'Failed to send trade offer. Please try again.' });
    expect(sendFailureMessage({ success: false })).toEqual({ title: 'Trade Offer Failed', description: 'Failed to send trade offer. Please try again.' });
    expect(sendFailureMessage({ success: false, message: 'Bot offline' })).toEqual({ title: 'Trade Offer Failed', description: 'Bot offline' });
  });

  it("says 'Error' / try again later when no answer came (network failure)", () => {
    expect(sendFailureMessage(new TypeError('Failed to fetch'))).toEqual({ title: 'Error', description: 'Failed to send trade offer. Please try again later' });
  });
});

describe('canDismiss', () => {
  it('keeps the dialog open only while processing', () => {
    expect(canDismiss('processing')).toBe(false);
    expect(canDismiss('idle')).toBe(true);
    expect(canDismiss('waiting')).toBe(true);
    expect(canDismiss('failed')).toBe(true);
  });
});
