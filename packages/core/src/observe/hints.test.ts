import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type WebhookErrorCode } from '../errors.js';
import { AIRSTACK_HINTS } from '../senders/airstack/hints.js';
import { MINI_APP_HINTS } from '../senders/miniapp/hints.js';
import { NEYNAR_HINTS } from '../senders/neynar/hints.js';
import { OPEN_HINTS } from '../opens/hints.js';
import { miniAppSender } from '../senders/miniapp/miniapp-sender.js';
import { neynarSender } from '../senders/neynar/neynar-sender.js';
import { buildDeliveryRequest } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';
import { HINTS } from './hints.js';
import type { LogFields, Logger } from './logger.js';

/** A logger that keeps each warning's fields. */
function recordingLogger(): { logger: Logger; warnings: LogFields[] } {
  const warnings: LogFields[] = [];
  const ignore = () => undefined;
  return { warnings, logger: { debug: ignore, info: ignore, warn: (_message, fields) => warnings.push(fields ?? {}), error: ignore } };
}

const post = (headers: Record<string, string>, body: string) => new Request('http://x/webhook', { method: 'POST', headers, body });

describe('hints', () => {
  it('has one hint for every error code, in the pipeline table or in the one sender (or opens) table that answers it', () => {
    const tables = [HINTS, AIRSTACK_HINTS, NEYNAR_HINTS, MINI_APP_HINTS, OPEN_HINTS];
    for (const code of Object.keys(ERROR_STATUS) as WebhookErrorCode[]) {
      expect(
        tables.filter((table) => table[code] !== undefined),
        code,
      ).toHaveLength(1);
    }
  });

  it("puts each sender's own hint on its refusal's log line", async () => {
    const founding = recordingLogger();
    await webhookHandler({ secret: 'hints-secret-1', logger: founding.logger })(buildDeliveryRequest({ secret: 'forged' }));
    expect(founding.warnings).toEqual([expect.objectContaining({ code: 'header_mismatch', hint: AIRSTACK_HINTS.header_mismatch })]);

    const neynar = recordingLogger();
    await webhookHandler({ sender: neynarSender({ secrets: 'hints-secret-2' }), logger: neynar.logger })(
      post({ 'content-type': 'application/json' }, '{}'),
    );
    expect(neynar.warnings).toEqual([expect.objectContaining({ code: 'signature_missing', hint: NEYNAR_HINTS.signature_missing })]);

    const miniApp = recordingLogger();
    const verifyAppKey = () => Promise.resolve({ valid: true as const, appFid: 1 });
    await webhookHandler({ sender: miniAppSender({ verifyAppKey }), logger: miniApp.logger })(
      post({ 'content-type': 'application/json' }, '{"header":1}'),
    );
    expect(miniApp.warnings).toEqual([expect.objectContaining({ code: 'invalid_signed_body', hint: MINI_APP_HINTS.invalid_signed_body })]);
  });

  it("keeps the pipeline's hint for a code every sender shares", async () => {
    const neynar = recordingLogger();
    await webhookHandler({ sender: neynarSender({ secrets: 'hints-secret-3' }), logger: neynar.logger })(
      post({ 'content-type': 'text/plain', 'x-neynar-signature': 'ab'.repeat(64) }, '{}'),
    );
    expect(neynar.warnings).toEqual([expect.objectContaining({ code: 'unsupported_media_type', hint: HINTS.unsupported_media_type })]);
  });
});
