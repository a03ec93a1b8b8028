import { defineConfig } from 'tsdown';

// The library entry (`runCli`, the command registry) is ESM and CommonJS; the bin is ESM only.
export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    platform: 'node',
    target: 'es2022',
    fixedExtension: false,
    clean: true,
  },
  {
    entry: ['src/bin.ts'],
    format: ['esm'],
    dts: false,
    platform: 'node',
    target: 'es2022',
    fixedExtension: false,
    clean: false,
  },
]);
