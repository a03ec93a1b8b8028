import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '@social-webhooks/core';
import { buildDelivery, neynarSampleBody } from '@social-webhooks/core/testing';

// Next.js's Edge runtime runs a route's bundle in a sandbox of its own realm and hands it the host's
// `Request`: `request.bytes()` answers a promise of the host's realm, no instance of the sandbox's
// `Promise`, and its bytes a host `Uint8Array` (issue 33, item 12). Here the core is bundled and
// evaluated in a `node:vm` context, so its `Promise`, `Uint8Array` and errors are that context's,
// and each delivery is a Request of this (the host's) realm, as Next.js hands it over.

const NEYNAR_SECRET = 'edge-neynar-secret';
const FOUNDING_SECRET = 'edge-founding-secret';
let core: typeof Core;

beforeAll(async () => {
  const entry = fileURLToPath(new URL('../packages/core/src/index.ts', import.meta.url));
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'socialWebhooks',
    platform: 'browser',
    conditions: ['source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  // What an Edge sandbox is given by its host: the Web APIs, not the language's own built-ins,
  // which the context makes anew. No `process`: HMAC goes through Web Crypto, as on the Edge.
  const sandbox = vm.createContext({
    Request,
    Response,
    Headers,
    ReadableStream,
    TextEncoder,
    TextDecoder,
    URL,
    crypto,
    performance,
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
  });
  vm.runInContext(bundle.outputFiles[0]!.text, sandbox);
  core = (sandbox as { socialWebhooks: typeof Core }).socialWebhooks;
  // The premise, checked: the sandbox's Promise is not this realm's.
  expect(vm.runInContext('Promise', sandbox)).not.toBe(Promise);
});

const neynarBody = JSON.stringify(neynarSampleBody('cast.created'));
const signature = (secret: string) => createHmac('sha512', secret).update(neynarBody).digest('hex');
/** A delivery as the Edge runtime hands it over: a text body with its content-length, as the client sent it. */
const post = (headers: Record<string, string>, body: string) =>
  new Request('http://localhost/api/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  });

function neynarRoute(handled: string[]) {
  return core.webhookHandler({
    sender: core.neynarSender({ secrets: () => NEYNAR_SECRET }),
    on: { 'cast.created': (event) => void handled.push(event.data.hash) },
    logger: false,
  });
}

describe('the Web handler in a sandbox of another realm (Next.js Edge)', () => {
  it('answers a signed Neynar delivery 200 and runs its handler; a forged or re-serialised one 401', async () => {
    const handled: string[] = [];
    const handle = neynarRoute(handled);
    const genuine = await handle(post({ 'x-neynar-signature': signature(NEYNAR_SECRET) }, neynarBody));
    expect({ status: genuine.status, body: await genuine.json() }).toEqual({ status: 200, body: 'ok' });
    expect(handled).toEqual([neynarSampleBody('cast.created').data.hash]);
    const forged = await handle(post({ 'x-neynar-signature': signature('forger') }, neynarBody));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: string }).error).toBe('signature_mismatch');
    const reserialised = JSON.stringify(JSON.parse(neynarBody), null, 2);
    const changed = await handle(post({ 'x-neynar-signature': signature(NEYNAR_SECRET) }, reserialised));
    expect(changed.status).toBe(401);
    expect(handled).toHaveLength(1);
  });

  it("answers the founding service's delivery, read with the runtime's request.json(), 200", async () => {
    const handled: string[] = [];
    const handle = core.webhookHandler({
      secret: FOUNDING_SECRET,
      on: { 'follow.created': (event) => void handled.push(event.eventName) },
      logger: false,
    });
    const { headers, body } = buildDelivery({ secret: FOUNDING_SECRET });
    const response = await handle(post(headers, body));
    expect(response.status).toBe(200);
    expect(handled).toEqual(['follow.created']);
    const notJson = await handle(post(headers, '{not json'));
    expect(((await notJson.json()) as { error: string }).error).toBe('invalid_json');
  });

  it('answers a chunked body over the limit 413 at once, though the stream never finishes cancelling', async () => {
    const handle = core.webhookHandler({
      sender: core.neynarSender({ secrets: NEYNAR_SECRET }),
      maxBodyBytes: 1024,
      bodyTimeoutMs: 5_000,
      logger: false,
    });
    let cancelled = false;
    const chunk = new TextEncoder().encode('x'.repeat(512));
    const stream = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(chunk),
      // What the Edge runtime's body stream did: a cancel that never settles.
      cancel: () => {
        cancelled = true;
        return new Promise<void>(() => undefined);
      },
    });
    const started = performance.now();
    // Chunked: no content-length, the body a stream.
    const request = new Request('http://localhost/api/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-neynar-signature': signature(NEYNAR_SECRET) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await handle(request);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large');
    expect(cancelled).toBe(true);
    // Well before bodyTimeoutMs (5 s), where the awaited cancel used to answer 408.
    expect(elapsed).toBeLessThan(1_000);
  });
});
