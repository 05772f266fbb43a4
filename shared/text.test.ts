import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, isMultilineText, isSingleLineText } from './text';

const ORDINARY = ['', 'Ana Lima', 'Zoë Ångström-Łukasz', 'AK-47 | Redline (Field-Tested)', '😀 👍🏽', 'مرحبا', 'שלום עולם', '日本語', 'a\u200eb', 'tab-less, line-less text'];

/** Every character of a class, from its first to its last code unit. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const C0 = range(0x00, 0x1f);
const C1 = range(0x80, 0x9f);
const BIDI = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'x\ud83dy', 'x\ude00y'];

describe('isSingleLineText', () => {
  it('accepts ordinary text: accents, other scripts, emoji (surrogate pairs), bidi marks', () => {
    for (const text of ORDINARY) expect(isSingleLineText(text), JSON.stringify(text)).toBe(true);
  });

  it.each([
    ['C0, tab and line breaks included', C0],
    ['DEL', ['\u007f']],
    ['C1', C1],
    ['bidi embeddings, overrides and isolates', BIDI],
    ['lone surrogates', LONE_SURROGATES],
  ])('refuses %s anywhere in the text', (_class, characters) => {
    for (const c of characters) {
      for (const text of [c, `Ana${c}`, `${c}Ana`, `An${c}a`]) expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('isMultilineText', () => {
  it('accepts ordinary text and \\n, \\r\\n, tabs and bidi controls', () => {
    for (const text of [...ORDINARY, 'one\ntwo', 'one\r\ntwo\r\n', '\tindented', 'a\n\n\tb', 'mixed \u202bنص\u202c text']) {
      expect(isMultilineText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses every other C0 character, a lone \\r, DEL, C1 and lone surrogates', () => {
    const refused = [...C0.filter((c) => c !== '\t' && c !== '\n' && c !== '\r'), '\r', 'a\rb', '\n\r', '\u007f', ...C1, ...LONE_SURROGATES];
    for (const c of refused) expect(isMultilineText(`line\n${c}`), JSON.stringify(c)).toBe(false);
  });
});

describe('escapeControlCharacters', () => {
  it('leaves ordinary text as it is', () => {
    for (const text of ORDINARY) expect(escapeControlCharacters(text)).toBe(text);
  });

  it('shows terminal escape sequences, C1, DEL, bidi controls and lone surrogates as visible escapes', () => {
    expect(escapeControlCharacters('Evil\x1b[2JBank')).toBe('Evil\\x1b[2JBank');
    expect(escapeControlCharacters('a\u009b31mb\u007f')).toBe('a\\u009b31mb\\x7f');
    expect(escapeControlCharacters('\u0000\u0007\u001f')).toBe('\\x00\\x07\\x1f');
    expect(escapeControlCharacters('Ana \u202eknaB')).toBe('Ana \\u202eknaB');
    expect(escapeControlCharacters('x\ud800y')).toBe('x\\ud800y');
  });

  it('escapes line breaks, so one value cannot print as several lines, unless they are kept', () => {
    const text = 'one\r\ntwo\nthree\tfour\rfive\x1b[1A';
    expect(escapeControlCharacters(text)).toBe('one\\x0d\\x0atwo\\x0athree\\x09four\\x0dfive\\x1b[1A');
    expect(escapeControlCharacters(text, { keepLineBreaks: true })).toBe('one\r\ntwo\nthree\tfour\\x0dfive\\x1b[1A');
  });

  it('leaves nothing a terminal acts on, for every code unit up to U+FFFF', () => {
    const all = range(0, 0xffff).join('');
    expect(isSingleLineText(escapeControlCharacters(all))).toBe(true);
  });
});
