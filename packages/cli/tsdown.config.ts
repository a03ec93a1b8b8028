import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base.ts';

// The library entry (`runCli`, the commands) is built like every package; the bin is ESM only (it
// awaits at the top level). tsdown cleans `dist` once for all configs, before building either.
export default [
  packageBuild(['src/index.ts'], 'node'),
  defineConfig({
    entry: ['src/bin.ts'],
    format: ['esm'],
    dts: false,
    platform: 'node',
    target: 'es2022',
    fixedExtension: false,
    clean: false,
  }),
];
