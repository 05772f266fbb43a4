/**
 * The one way into zod for the project's code: import `z` from here, never from 'zod' (lint rule).
 *
 * In a browser, zod's compiled fast path for objects probes `new Function` once, which the PWA's
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and Chromium reports as a
 * CSP issue. Schemas read the setting when they are built, so it is set here, before any of them.
 * The server keeps the compiled path.
 */
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isMultilineText, isSingleLineText } from '../text';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

type StringParams = Parameters<typeof z.string>[0];

/**
 * A text field of a form or request: trimmed, then refused with one message when it holds control
 * characters, line breaks and tabs included (../text.ts says which). Every free-text field goes
 * through this or `multilineText()`; a value that must match a pattern of visible characters
 * whole (an asset id, a uuid, an enum) is closed to them already.
 */
export const text = (params?: StringParams) => z.string(params).trim().refine(isSingleLineText, CONTROL_CHARACTERS_MESSAGE);

/** A textarea's text: as `text()`, but line breaks (\n, \r\n) and tabs are kept. */
export const multilineText = (params?: StringParams) => z.string(params).trim().refine(isMultilineText, CONTROL_CHARACTERS_MESSAGE);
