// The Workers the HTTP section runs on workerd for Neynar's deliveries, as sources for bundleWorker.
import { NEYNAR_EVENT_NAMES } from '@social-webhooks/core';
import { SECRET, SINK } from '../../bundle/worker-sources.js';

/** The core's handler with `neynarSender`, a no-op handler for each of the nine types, and no logger. */
export const BENCH_NEYNAR_WORKER = `import { neynarSender, webhookHandler } from '@social-webhooks/core';
${SINK}
export default { fetch: webhookHandler({ sender: neynarSender({ secrets: ${SECRET} }), logger: false, on: { ${NEYNAR_EVENT_NAMES.map((type) => `'${type}': sink`).join(', ')} } }) };`;

/**
 * Neynar's documented route as a Worker without Node compatibility writes it: \`request.text()\`, the
 * HMAC-SHA512 through Web Crypto (\`node:crypto\` needs the \`nodejs_compat\` flag), its hex, \`!==\`,
 * \`JSON.parse\`. The key is imported once, the cheapest a hand-written route can make it.
 */
export const BENCH_NEYNAR_BARE_WORKER = `${SINK}
const encoder = new TextEncoder();
let key;
export default {
  async fetch(request) {
    const text = await request.text();
    key ??= crypto.subtle.importKey('raw', encoder.encode(${SECRET}), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text)));
    const hex = Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
    if (hex !== request.headers.get('x-neynar-signature')) return Response.json({ error: 'unauthorized' }, { status: 401 });
    sink(JSON.parse(text));
    return Response.json('ok');
  },
};`;
