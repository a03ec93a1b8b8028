import { defineConfig, type UserConfig } from 'tsdown';

/**
 * The build every package shares: ESM and CommonJS with types, `.js`/`.cjs` beside `.d.ts`/`.d.cts`
 * as each package's `exports` expects.
 */
export function packageBuild(entry: string[], platform: 'neutral' | 'node' = 'neutral'): UserConfig {
  return defineConfig({ entry, format: ['esm', 'cjs'], dts: true, platform, target: 'es2022', fixedExtension: false, clean: true });
}
