import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryVerifier } from '../../verifier.js';
import { webhookHandler } from '../../web/webhook-handler.js';
import type { LogFields } from '../../observe/logger.js';
import { miniAppSender } from './miniapp-sender.js';
import { createMiniAppTestSigner, type MiniAppTestSigner } from './sign-event.js';
import type { VerifyAppKey } from './app-key-check.js';

const FID = 3;
const APP_FID = 9152;
let signer: MiniAppTestSigner;
beforeAll(async () => {
  signer = await createMiniAppTestSigner();
});

/** A lookup that knows `signer`'s key for FID 3, registered by the app 9152. */
const knownKey: VerifyAppKey = async (fid, appKey) =>
  fid === FID && appKey.toLowerCase() === signer.appKey ? { valid: true, appFid: APP_FID } : { valid: false };

describe('miniAppSender: the key lookup fails closed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each<[string, VerifyAppKey]>([
    ['rejects', async () => Promise.reject(new Error('hub down'))],
    [
      'throws synchronously',
      () => {
        throw new Error('hub down');
      },
    ],
    ['answers valid without an appFid', async () => ({ valid: true }) as never],
    ['answers nothing', async () => undefined as never],
  ])('answers 503 app_key_lookup_failed when the lookup %s, and logs why', async (_name, verifyAppKey) => {
    const logged: [string, LogFields][] = [];
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey }),
      logger: { error: (message, fields) => logged.push([message, fields]) },
    });
    const response = await handle(post(await signer.sign(FID, { event: 'miniapp_removed' })));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'app_key_lookup_failed' });
    expect(logged.some(([message, fields]) => /app key lookup failed/.test(message) && fields.code === 'app_key_lookup_failed')).toBe(true);
  });

  it('logs the failure as one line with its causes, the error itself only at debug', async () => {
    const lines: { level: string; message: string; fields: LogFields }[] = [];
    const log = (level: string) => (message: string, fields: LogFields) => void lines.push({ level, message, fields });
    const cause = Object.assign(new Error('getaddrinfo ENOTFOUND hub.example'), { code: 'ENOTFOUND' });
    const failing: VerifyAppKey = async () => Promise.reject(new TypeError('fetch failed', { cause }));
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: failing }),
      logger: { debug: log('debug'), error: log('error') },
    });
    await handle(post(await signer.sign(FID, { event: 'miniapp_removed' })));
    const failure = lines.find((line) => line.level === 'error' && /app key lookup failed/.test(line.message))!;
    expect(failure.message).toMatch(/answered 503: fetch failed \(getaddrinfo ENOTFOUND hub\.example\)$/);
    expect(failure.fields).toEqual({ code: 'app_key_lookup_failed' });
    expect(lines.find((line) => line.level === 'debug')?.fields.error).toBeInstanceOf(TypeError);
  });

  it("warns once, when the receiver is built, of a lookup's note (which hub the environment chose)", async () => {
    const warn = vi.fn();
    const noted = Object.assign(knownKey.bind(undefined), { note: 'it asks the hub at http://127.0.0.1:8787' });
    const handle = webhookHandler({ sender: miniAppSender({ verifyAppKey: noted }), logger: { warn } });
    for (let round = 0; round < 2; round++)
      expect((await handle(post(await signer.sign(FID, { event: 'miniapp_removed' })))).status).toBe(200);
    expect(warn.mock.calls).toEqual([['@social-webhooks/core: it asks the hub at http://127.0.0.1:8787.', {}]]);
  });

  it('answers 503 when the lookup does not answer within verifyAppKeyTimeoutMs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const never: VerifyAppKey = () => new Promise(() => undefined);
    const verifier = deliveryVerifier({ sender: miniAppSender({ verifyAppKey: never, verifyAppKeyTimeoutMs: 30 }) });
    const started = performance.now();
    const result = await verifier({ body: JSON.stringify(await signer.sign(FID, { event: 'miniapp_removed' })) });
    expect(result).toMatchObject({ ok: false, status: 503, code: 'app_key_lookup_failed' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('answers 500 invalid_options, logged, on a runtime whose Web Crypto lacks Ed25519', async () => {
    // A runtime without node:crypto (a Worker), whose Web Crypto has no Ed25519.
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined);
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Unrecognized algorithm name', 'NotSupportedError'));
    const error = vi.fn();
    const handle = webhookHandler({ sender: miniAppSender({ verifyAppKey: knownKey }), logger: { error } });
    const response = await handle(post(await signer.sign(FID, { event: 'miniapp_removed' })));
    expect(response.status).toBe(500);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/no Ed25519/);
  });
});
function post(body: unknown): Request {
  return new Request('http://x/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
