// Lint for every TypeScript file in the repo: type-aware rules for api/shared/ops, React hooks rules for the PWA.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ZOD_PATH = { name: 'zod', message: "Import { z } from 'shared/schemas/zod' (sets zod's CSP-safe mode in browsers)." };
const ZOD_MINI_PATH = { name: 'zod/mini', message: "Import { z } from 'shared/answers/z' (sets zod's CSP-safe mode in browsers and the service worker)." };

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['pwa/**/*.tsx', 'pwa/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Browser code takes zod through shared/schemas/zod.ts, which keeps it within the CSP (no eval).
    files: ['pwa/src/**/*.ts', 'pwa/src/**/*.tsx', 'shared/**/*.ts'],
    ignores: ['shared/schemas/zod.ts', 'shared/answers/z.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ZOD_PATH, ZOD_MINI_PATH] }],
    },
  },
  {
    files: ['ops/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
