/**
 * The one way into zod for the project's code: import `z` from here, never from 'zod' (lint rule).
 *
 * In a browser, zod's compiled fast path for objects probes `new Function` once, which the PWA's
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and Chromium reports as a
 * CSP issue. Schemas read the setting when they are built, so it is set here, before any of them.
 * The server keeps the compiled path.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
