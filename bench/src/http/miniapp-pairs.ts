import { barePairs } from './bare-pairs.js';
import { pairOf, type Pair } from './pairs.js';

/**
 * Mini App events (a signed `miniapp_added`), every server with the same lookup served from cache.
 * Goal 3 (and so goal 1: the reference's route is the route users write for these events): the
 * receiver with `miniAppSender` against a hand-written route calling `parseWebhookEvent` of
 * `@farcaster/miniapp-node` on Express 5 and `node:http`, `Bun.serve`, `Deno.serve` and workerd
 * (where the reference needs `nodejs_compat`). Goal 2: against the bare route that only verifies
 * the signature (the header's key, Ed25519 with `node:crypto`, Web Crypto on workerd; no lookup, no
 * validation); on Node the fastest of the listener, the Web handler and Hono is held to it.
 */
export const MINIAPP_PAIRS: readonly Pair[] = [
  pairOf('reference', 'node', 'express', 'Node, Express 5 vs parseWebhookEvent', 'miniapp-express5-adapter', 'miniapp-express5-reference'),
  pairOf('reference', 'node', 'node', 'Node, node:http listener vs parseWebhookEvent', 'miniapp-node-adapter', 'miniapp-node-reference'),
  pairOf('reference', 'bun', 'web', 'Bun, Web handler vs parseWebhookEvent', 'miniapp-web-handler', 'miniapp-web-reference'),
  pairOf('reference', 'deno', 'web', 'Deno, Web handler vs parseWebhookEvent', 'miniapp-web-handler', 'miniapp-web-reference'),
  pairOf(
    'reference',
    'workerd',
    'web',
    'workerd, Web handler vs parseWebhookEvent (nodejs_compat)',
    'miniapp-web-handler',
    'miniapp-web-reference',
  ),
  ...barePairs('miniapp', 'the bare verify'),
];
