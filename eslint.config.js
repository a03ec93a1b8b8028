import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', '**/.next/**', '**/next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // The runtime-neutral path (STYLE.md): what Hono, Bun, Deno or a Worker loads uses Web APIs only.
    // test/runtimes.test.ts proves it on each runtime; this says so at the line that breaks it.
    files: ['packages/core/src/**/*.ts', 'packages/hono/src/**/*.ts', 'packages/redis/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'buffer', 'crypto', 'fs', 'http', 'path', 'stream', 'util'], message: 'The core path is runtime-neutral: use Web APIs (Uint8Array, crypto.subtle, fetch types).' }] }],
      'no-restricted-globals': ['error', { name: 'Buffer', message: 'Use Uint8Array: Buffer is Node-only.' }, { name: 'process', message: 'process is Node-only.' }, { name: 'require', message: 'ES modules only.' }],
    },
  },
);
