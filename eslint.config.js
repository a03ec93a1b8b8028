import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import coreLayers from './packages/core/layers.json' with { type: 'json' };
import { noTypeImportCircle } from './scripts/no-type-import-circle.mjs';

// The runtime-neutral path (STYLE.md): what Hono, Bun, Deno or a Worker loads uses Web APIs only.
const nodeOnly = {
  group: ['node:*', 'buffer', 'crypto', 'fs', 'http', 'path', 'stream', 'util'],
  message: 'The core path is runtime-neutral: use Web APIs (Uint8Array, crypto.subtle, fetch types).',
};

// Imports inside the core run downward only (packages/core/layers.json): a unit may import the units
// listed before it, never one after it, so the vocabulary stays beneath every step and no two
// folders import each other. One config per unit, each also carrying `nodeOnly`, because a later
// `no-restricted-imports` replaces an earlier one rather than adding to it.
function coreLayerConfigs() {
  const units = coreLayers.layers;
  // An import names `x.js` for `x.ts`, and a folder by its name.
  const escape = (name) => name.replace(/\.ts$/, '.js').replace(/[.]/g, '\\.').replace(/\/$/, '');
  return units.map((unit, index) => {
    const above = units.slice(index + 1).map(escape);
    const folder = unit.endsWith('/');
    const patterns = [nodeOnly];
    if (above.length > 0) {
      patterns.push({
        // From a file in a folder, the other units are `../name` (`../../name` a folder deeper, as in
        // senders/neynar/); from a file at the root, `./name`.
        regex: `^${folder ? '(?:\\.\\./)+' : '\\./'}(?:${above.join('|')})(?:/|$)`,
        message:
          `${unit} is below these in packages/core/layers.json and may not import them: imports in the core run ` +
          'downward only. Move what both need into a lower unit (the vocabulary: errors.ts, result.ts, delivery.ts).',
      });
    }
    return {
      files: [folder ? `packages/core/src/${unit}**/*.ts` : `packages/core/src/${unit}`],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.tmp/**',
      '**/.next/**',
      '**/next-env.d.ts',
      // Import circles on purpose, linted by test/import-circles.test.ts.
      'test/import-circles/**',
    ],
  },
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
    // test/runtimes.test.ts proves the runtime-neutral path on each runtime; this says so at the line
    // that breaks it.
    files: [
      'packages/core/src/**/*.ts',
      'packages/hono/src/**/*.ts',
      'packages/redis/src/**/*.ts',
      'packages/postgres/src/**/*.ts',
      'packages/cloudflare/src/**/*.ts',
      'packages/dashboard/src/**/*.ts',
      'packages/opens/src/*.ts',
      'packages/opens/src/page/**/*.ts',
    ],
    ignores: ['**/*.test.ts', 'packages/dashboard/src/node/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [nodeOnly] }],
      'no-restricted-globals': [
        'error',
        { name: 'Buffer', message: 'Use Uint8Array: Buffer is Node-only.' },
        { name: 'process', message: 'process is Node-only.' },
        { name: 'require', message: 'ES modules only.' },
      ],
    },
  },
  ...coreLayerConfigs(),
  {
    // No import circles: a file never reaches itself through its imports. import-x/no-cycle follows
    // the imports that run (to workspace packages too, through their `source` export condition, and
    // `x.js` to `x.ts`, as tsc and vitest resolve them); local/no-type-import-circle the circles that
    // close through a type-only import, which no-cycle skips.
    files: ['**/*.ts'],
    plugins: { 'import-x': importX, local: { rules: { 'no-type-import-circle': noTypeImportCircle } } },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.js'] },
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'local/no-type-import-circle': 'error' },
  },
);
