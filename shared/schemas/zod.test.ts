import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '../text';
import { multilineText, text } from './zod';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message);

describe('text()', () => {
  const name = text({ error: 'Name is required' }).min(1, 'Name is required').max(10, 'Too long');

  it('accepts and trims ordinary text, accents and emoji included', () => {
    expect(name.parse('  Zoë 😀  ')).toBe('Zoë 😀');
    expect(name.parse('Ångström')).toBe('Ångström');
  });

  it.each([
    ['NUL', 'An\u0000a'],
    ['ESC', 'An\u001b[2Ja'],
    ['DEL', 'An\u007fa'],
    ['C1', 'An\u009ba'],
    ['a line feed', 'An\na'],
    ['a CR LF', 'An\r\na'],
    ['a tab', 'An\ta'],
    ['a bidi override', 'An\u202ea'],
    ['a lone surrogate', 'An\ud800a'],
  ])('refuses %s with the one message, before any other', (_what, value) => {
    expect(messagesOf(name.safeParse(value))?.[0]).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(messagesOf(name.safeParse(`${value}${'x'.repeat(20)}`))).toEqual([CONTROL_CHARACTERS_MESSAGE, 'Too long']);
  });

  it('trims surrounding whitespace (line breaks and tabs too) before checking', () => {
    expect(name.parse('\tAna\r\n')).toBe('Ana');
  });

  it('keeps the field’s own messages', () => {
    expect(messagesOf(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(messagesOf(name.safeParse('  '))).toEqual(['Name is required']);
  });
});

describe('multilineText()', () => {
  const message = multilineText().max(50);

  it('keeps line breaks (\\n, \\r\\n) and tabs inside the text', () => {
    expect(message.parse('Line one\r\nLine two\n\tindented\n')).toBe('Line one\r\nLine two\n\tindented');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['ESC', 'a\u001b[2Kb'],
    ['a lone carriage return', 'a\rb'],
    ['a vertical tab', 'a\u000bb'],
    ['DEL', 'a\u007fb'],
    ['C1 NEL', 'a\u0085b'],
    ['a lone surrogate', 'a\udc00b'],
  ])('refuses %s', (_what, value) => {
    expect(messagesOf(message.safeParse(value))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });
});
