import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import currentPeers from './current-peers.json' with { type: 'json' };

/**
 * Which majors of the peers the tests load. `installed`: what test/package.json installs as
 * `bullmq` and `redis` (BullMQ 5, node-redis 5). `current`, with SOCIAL_WEBHOOKS_PEERS=current
 * (`pnpm test:current-peers`): BullMQ 6 and node-redis 6, installed as `bullmq6` and `redis6`.
 */
export type PeerSet = 'installed' | 'current';

/** The majors each set must load; test/peers.test.ts checks that the loaded ones are these. */
export const PEER_MAJORS: Readonly<Record<PeerSet, { readonly bullmq: number; readonly redis: number }>> = {
  installed: { bullmq: 5, redis: 5 },
  current: { bullmq: 6, redis: 6 },
};

export function peerSet(env: NodeJS.ProcessEnv = process.env): PeerSet {
  const value = env.SOCIAL_WEBHOOKS_PEERS;
  if (value === undefined || value === '') return 'installed';
  if (value === 'current') return 'current';
  throw new Error(
    `SOCIAL_WEBHOOKS_PEERS=${value} is not a peer set: use "current" (BullMQ 6, node-redis 6), or leave it unset for the installed ones (BullMQ 5, node-redis 5).`,
  );
}

const suite = createRequire(new URL('../../package.json', import.meta.url));

/**
 * Vite aliases for `current`: vitest transforms the packages' sources, so `import 'bullmq'` in
 * packages/bullmq/src meets the alias too. Each maps the name and its subpaths to the alias's folder.
 */
export function peerAliases(set: PeerSet): { find: RegExp; replacement: string }[] {
  if (set === 'installed') return [];
  return Object.entries(currentPeers).map(([name, alias]) => ({
    find: new RegExp(`^${name}(?=/|$)`),
    replacement: dirname(suite.resolve(`${alias}/package.json`)),
  }));
}

/**
 * The environment of the tests for `current`: NODE_OPTIONS loads register.mjs in every process they
 * start (the queue receivers and workers, the CLI), whose resolve hook maps the same names.
 */
export function peerEnv(set: PeerSet): Record<string, string> {
  if (set === 'installed') return {};
  const register = `--import=${new URL('./register.mjs', import.meta.url).href}`;
  return { NODE_OPTIONS: [process.env.NODE_OPTIONS, register].filter(Boolean).join(' ') };
}
