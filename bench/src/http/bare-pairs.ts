import { pairOf, type Pair } from './pairs.js';

/** A sender with its own apps, each named `<sender>-<app>` (servers/server-names.ts). */
export type SenderApps = 'neynar' | 'miniapp';

/** The Web runtimes: how a row's label names each, and what it says of the bare route there. */
const WEB_RUNTIMES = [
  ['bun', 'Bun', 'Bun.serve'],
  ['deno', 'Deno', 'Deno.serve'],
  ['workerd', 'workerd', 'Web Crypto'],
] as const;

/**
 * Goal 2 for a sender's apps: on Node its `node:http` listener, Web handler and Hono each against
 * its bare route on `node:http` (the fastest of the three is held to the goal); on Bun, Deno and
 * workerd its Web handler against its bare route there. `bare` names that route in the labels
 * ("the documented check", "the bare verify").
 *
 * @example
 * barePairs('neynar', 'the documented check'); // first: 'Node, node:http listener vs the documented check on node:http'
 */
export function barePairs(sender: SenderApps, bare: string): Pair[] {
  return [
    pairOf('bare', 'node', 'node', `Node, node:http listener vs ${bare} on node:http`, `${sender}-node-adapter`, `${sender}-node-bare`),
    pairOf('bare', 'node', 'web', `Node, Web handler vs ${bare} on node:http`, `${sender}-web-handler`, `${sender}-node-bare`),
    pairOf('bare', 'node', 'hono', `Node, Hono vs ${bare} on node:http`, `${sender}-hono-adapter`, `${sender}-node-bare`),
    ...WEB_RUNTIMES.map(([runtime, name, where]) =>
      pairOf('bare', runtime, 'web', `${name}, Web handler vs ${bare} (${where})`, `${sender}-web-handler`, `${sender}-web-bare`),
    ),
  ];
}
