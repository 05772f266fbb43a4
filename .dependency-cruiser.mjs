/**
 * Import rules, checked by `npm run lint` and `npm test` (dependency-cruiser; ops/dependencyRules.test.ts
 * breaks each once): no cycles anywhere, type-only imports included, and the layers of the
 * README's Architecture: shared/ is the contract both sides import; the server reaches the PWA only
 * through its server-render entry (pwa/src/prerender/); in the PWA, the API client stands on
 * shared/ alone, and offline storage and the query modules sit below the screens.
 */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules that import each other, directly or round a loop, cannot be understood, tested or split apart one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-neither-side',
      comment: 'shared/ is the contract of the API and the PWA: it must build on its own.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(api|pwa|ops)/' },
    },
    {
      name: 'api-reaches-pwa-through-prerender',
      comment: 'The server renders pages through pwa/src/prerender/ only; the rest of the PWA is browser code.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^pwa/', pathNot: '^pwa/src/prerender/' },
    },
    {
      name: 'pwa-stays-in-the-browser',
      comment: 'The PWA and its service worker ship to browsers: no server or operations code in them.',
      severity: 'error',
      from: { path: '^pwa/src/' },
      to: { path: '^(api|ops)/' },
    },
    {
      name: 'api-client-is-the-bottom-layer',
      comment: 'pwa/src/api (the HTTP client, used by the service worker too) builds on shared/ alone.',
      severity: 'error',
      from: { path: '^pwa/src/api/' },
      to: { path: '^pwa/src/', pathNot: '^pwa/src/api/' },
    },
    {
      name: 'offline-storage-below-screens',
      comment: 'Offline storage and the outbox sit below the screens and components that use them.',
      severity: 'error',
      from: { path: '^pwa/src/offline/' },
      to: { path: '^pwa/src/(screens|components|staff|cart|live)/' },
    },
    {
      name: 'queries-below-screens',
      comment: 'The query modules serve the screens; they never import one.',
      severity: 'error',
      from: { path: '^pwa/src/queries/' },
      to: { path: '^pwa/src/(screens|components|staff)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
