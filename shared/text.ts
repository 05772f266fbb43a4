/**
 * Which characters text input may hold, and how stored text is shown where characters act.
 *
 * Control characters are C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): PostgreSQL
 * refuses U+0000 in text, and the rest are invisible or are terminal commands (ESC [2J clears the
 * screen). A lone UTF-16 surrogate is not text at all (it has no UTF-8 form). Single-line text also
 * refuses the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), with which a
 * name displays in a different order than it is stored; multi-line prose keeps them, as it may
 * mix scripts. The marks (U+200E, U+200F, U+061C) stay allowed: they only nudge neighbouring
 * characters.
 *
 * Forms and requests check with these through `text()` and `multilineText()` (schemas/zod.ts).
 */

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** The single-line set less tab, line feed, a carriage return ending a line (\r\n) and the bidi controls. */
// eslint-disable-next-line no-control-regex
const MULTILINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` may be stored as single-line text (a name, a title, a search). */
export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_REFUSED.test(value);
}

/** True when `value` may be stored as multi-line text (a textarea): line breaks and tabs allowed. */
export function isMultilineText(value: string): boolean {
  return !MULTILINE_REFUSED.test(value);
}

/** What single-line text refuses, with \r\n matched as one line ending. */
const SHOWN_ESCAPED = new RegExp(`\\r\\n|${SINGLE_LINE_REFUSED.source}`, 'g');

const escapeUnit = (unit: string) => {
  const code = unit.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * Text as it is safe to print on a terminal: every control character, bidi control and lone
 * surrogate shown as a visible escape (ESC as \x1b, the C1 CSI as \u009b), so stored text can
 * neither move the cursor, clear or recolour the screen, nor fake a line of output.
 * `keepLineBreaks` leaves \n, \r\n and tabs in place, for multi-line text printed as such.
 */
export function escapeControlCharacters(value: string, { keepLineBreaks = false } = {}): string {
  return value.replace(SHOWN_ESCAPED, (match) =>
    keepLineBreaks && (match === '\n' || match === '\r\n' || match === '\t') ? match : [...match].map(escapeUnit).join(''),
  );
}
