// The Workers the HTTP section runs on workerd for Mini App events, as sources for bundleWorker.
// Each is built for one signer's key (the bench signs with a fresh key each run) and imports the
// lookup and the reference's refusals from their modules (`files`), bundled from their source.
import { SINK } from '../../bundle/worker-sources.js';

/** Where the Workers' shared modules are: apps/miniapp-lookup.ts and apps/miniapp-reference.ts. */
export interface MiniAppWorkerFiles {
  readonly lookup: string;
  readonly reference: string;
}

const lookupOf = (appKey: string, files: MiniAppWorkerFiles) => `import { cachedLookup } from ${JSON.stringify(files.lookup)};
const verifyAppKey = cachedLookup(${JSON.stringify(appKey)});`;

/** The core's handler with `miniAppSender` and the cached lookup, a no-op handler for each event, and no logger. */
export function miniAppHandlerWorker(appKey: string, files: MiniAppWorkerFiles): string {
  return `import { miniAppSender, webhookHandler } from '@social-webhooks/core';
${lookupOf(appKey, files)}
${SINK}
export default { fetch: webhookHandler({ sender: miniAppSender({ verifyAppKey }), logger: false, on: { miniapp_added: sink, miniapp_removed: sink, notifications_enabled: sink, notifications_disabled: sink } }) };`;
}

/**
 * The route users write with the reference: `request.json()`, `parseWebhookEvent` with the same
 * lookup. The reference reads \`Buffer\`, so this Worker needs the \`nodejs_compat\` flag, as a
 * deploy of it does; the other Workers run without it.
 */
export function miniAppReferenceWorker(appKey: string, files: MiniAppWorkerFiles): string {
  return `import { parseWebhookEvent } from '@farcaster/miniapp-node';
import { referenceRefusal } from ${JSON.stringify(files.reference)};
${lookupOf(appKey, files)}
${SINK}
export default {
  async fetch(request) {
    try {
      sink(await parseWebhookEvent(await request.json(), verifyAppKey));
      return Response.json('ok');
    } catch (error) {
      const { status, body } = referenceRefusal(error);
      return Response.json(body, { status });
    }
  },
};`;
}

/**
 * The bare route in a Worker without Node compatibility: \`request.json()\`, the header decoded for
 * its key, Ed25519 through Web Crypto (each key imported once), the payload decoded and parsed. No
 * lookup, no validation.
 */
export const MINIAPP_BARE_WORKER = `${SINK}
const keys = new Map();
const bytes = (base64url) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
const decoder = new TextDecoder();
const encoder = new TextEncoder();
export default {
  async fetch(request) {
    let payload;
    try {
      const { header, payload: encoded, signature } = await request.json();
      const hex = JSON.parse(decoder.decode(bytes(header))).key;
      let key = keys.get(hex);
      if (key === undefined) {
        const raw = Uint8Array.from(hex.slice(2).match(/../g), (pair) => parseInt(pair, 16));
        key = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
        keys.set(hex, key);
      }
      if (!(await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes(signature), encoder.encode(header + '.' + encoded))))
        return Response.json({ error: 'unauthorized' }, { status: 401 });
      payload = JSON.parse(decoder.decode(bytes(encoded)));
    } catch {
      return Response.json({ error: 'invalid_body' }, { status: 400 });
    }
    sink(payload);
    return Response.json('ok');
  },
};`;
