import { describe, expect, it } from 'vitest';
import { fieldError, profileFormValues, profileUpdate, toFormFieldErrors } from './profileForm';

const TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEfGh';

describe('the profile settings form', () => {
  it('starts from the user with the display name split into first and last name', () => {
    expect(profileFormValues({ displayName: ' Jo  van Doe ', email: 'jo@example.com', tradeUrl: TRADE_URL })).toEqual({
      firstName: 'Jo',
      lastName: 'van Doe',
      email: 'jo@example.com',
      tradeUrl: TRADE_URL,
    });
    expect(profileFormValues({ displayName: '', email: '', tradeUrl: '' })).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      tradeUrl: '',
    });
  });

  it('saves the first and last name as one display name', () => {
    expect(profileUpdate({ firstName: 'Jo', lastName: 'van Doe', email: 'jo@example.com', tradeUrl: TRADE_URL })).toEqual({
      displayName: 'Jo van Doe',
      email: 'jo@example.com',
      tradeUrl: TRADE_URL,
    });
  });

  it("names only the asked field's first message", () => {
    const values = { firstName: 'J', lastName: '', email: 'jo@example.com', tradeUrl: TRADE_URL };
    expect(fieldError(values, 'firstName')).toBe('First name must be at least 2 characters');
    expect(fieldError(values, 'lastName')).toBe('Last name is required');
    expect(fieldError(values, 'email')).toBeUndefined();
    expect(fieldError({ ...values, tradeUrl: 'https://example.com' }, 'tradeUrl')).toBe(
      'Please enter a valid Steam trade URL',
    );
    expect(fieldError({ ...values, firstName: 'Jo', lastName: 'Doe' }, 'firstName')).toBeUndefined();
  });

  it("puts the server's display name message on the part it names", () => {
    expect(toFormFieldErrors({ displayName: 'Last name must be at least 2 characters', email: 'Bad' })).toEqual({
      lastName: 'Last name must be at least 2 characters',
      email: 'Bad',
    });
    expect(toFormFieldErrors({ displayName: 'First name is required' })).toEqual({
      firstName: 'First name is required',
    });
    expect(toFormFieldErrors({ displayName: 'Display name must be at most 81 characters' })).toEqual({
      firstName: 'Display name must be at most 81 characters',
    });
  });
});
