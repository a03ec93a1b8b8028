import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { peerAliases, peerEnv, peerSet } from './test/support/peers/peers-switch.js';

// Workspace packages resolve to each other's TypeScript sources in tests, through the `source`
// entries of their `exports`. Aliases rather than a resolve condition: vitest hands its conditions
// to Node for external dependencies too, which would make `require` pick ESM files in node_modules.
function sourceAliases(): { find: string; replacement: string }[] {
  const root = new URL('./packages/', import.meta.url);
  const aliases: { find: string; replacement: string }[] = [];
  for (const folder of readdirSync(root)) {
    const manifestUrl = new URL(`${folder}/package.json`, root);
    let manifest: { name: string; exports?: Record<string, unknown> };
    try {
      manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as typeof manifest;
    } catch {
      continue; // a folder without a package.json is not a package
    }
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' && target !== null ? (target as { source?: string }).source : undefined;
      if (source === undefined) continue;
      aliases.push({ find: manifest.name + subpath.slice(1), replacement: new URL(source, manifestUrl).pathname });
    }
  }
  // Longest first, so `@social-webhooks/core/testing` wins over `@social-webhooks/core`.
  return aliases.sort((a, b) => b.find.length - a.find.length);
}

// SOCIAL_WEBHOOKS_PEERS=current runs the tests on BullMQ 6 and node-redis 6 (test/support/peers/).
const peers = peerSet();

export default defineConfig({
  resolve: { alias: [...peerAliases(peers), ...sourceAliases()] },
  test: {
    env: peerEnv(peers),
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'bench/src/**/*.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Generous: several suites start child processes (tsx, servers), slow on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
