// The Workers the HTTP section runs on workerd through Hono, as sources for bundleWorker: the Hono
// adapter and the hand-written Hono route, for the founding sender and for Neynar's deliveries.
import { NEYNAR_EVENT_NAMES } from '@social-webhooks/core';
import { HONO_HAND_WRITTEN_WORKER, SECRET, SINK } from '../../bundle/worker-sources.js';

const HONO_APP = `import { Hono } from 'hono';
import { webhookHandler } from '@social-webhooks/hono';
${SINK}
const app = new Hono();`;

/** The Hono adapter with a handler for every founding event, and no logger, as on the other runtimes. */
export const BENCH_HONO_WORKER = `${HONO_APP}
app.post('/webhook', webhookHandler({ secret: ${SECRET}, logger: false, on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink } }));
export default app;`;

/** The hand-written Hono route: `c.req.json()`, `!==`, `c.json`. */
export const BENCH_HONO_NAIVE_WORKER = HONO_HAND_WRITTEN_WORKER.source;

/** The Hono adapter with `neynarSender`, a no-op handler for each of the nine types, and no logger. */
export const BENCH_NEYNAR_HONO_WORKER = `import { neynarSender } from '@social-webhooks/core';
${HONO_APP}
app.post('/webhook', webhookHandler({ sender: neynarSender({ secrets: ${SECRET} }), logger: false, on: { ${NEYNAR_EVENT_NAMES.map((type) => `'${type}': sink`).join(', ')} } }));
export default app;`;

/**
 * Neynar's documented route on Hono in a Worker without Node compatibility: \`c.req.text()\`, the
 * HMAC-SHA512 through Web Crypto (key imported once), its hex, \`!==\`, \`JSON.parse\`, \`c.json\`.
 */
export const BENCH_NEYNAR_HONO_NAIVE_WORKER = `import { Hono } from 'hono';
${SINK}
const encoder = new TextEncoder();
let key;
const app = new Hono();
app.post('/webhook', async (c) => {
  const text = await c.req.text();
  key ??= crypto.subtle.importKey('raw', encoder.encode(${SECRET}), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text)));
  const hex = Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
  if (hex !== c.req.header('x-neynar-signature')) return c.json({ error: 'unauthorized' }, 401);
  sink(JSON.parse(text));
  return c.json('ok');
});
export default app;`;
