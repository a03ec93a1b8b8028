import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookHandler, type WebHandler } from '../web/webhook-handler.js';
import type { LogFields, Logger } from '../observe/logger.js';
import { neynarSender } from './neynar/neynar-sender.js';
import { miniAppSender } from './miniapp/miniapp-sender.js';
import { createMiniAppTestSigner, type MiniAppTestSigner } from './miniapp/sign-event.js';
import { neynarSampleBody } from './neynar/samples.js';
import { buildDelivery } from '../samples/build-delivery.js';

const NEYNAR_SECRET = 'neynar-secret-current';
const FOUNDING_SECRET = 'founding-header-value';
const neynarBody = JSON.stringify(neynarSampleBody('cast.created'));
const neynarHeaders = { 'x-neynar-signature': createHmac('sha512', NEYNAR_SECRET).update(neynarBody).digest('hex') };
const foundingBody = buildDelivery({ secret: FOUNDING_SECRET }).body;
const foundingHeaders = { 'x-airstack-webhook': FOUNDING_SECRET };
let signer: MiniAppTestSigner;
beforeAll(async () => {
  signer = await createMiniAppTestSigner();
});

type Build = (logger: Logger) => WebHandler;
const receivers: Record<string, Build> = {
  founding: (logger) => webhookHandler({ secret: FOUNDING_SECRET, logger }),
  Neynar: (logger) => webhookHandler({ sender: neynarSender({ secrets: NEYNAR_SECRET }), logger }),
  'Mini App': (logger) =>
    webhookHandler({ sender: miniAppSender({ verifyAppKey: () => Promise.reject(new Error('never asked')) }), logger }),
};

async function deliver(build: Build, headers: Record<string, string>, body: string) {
  const logs: { message: string; fields: LogFields }[] = [];
  const log = (message: string, fields: LogFields) => void logs.push({ message, fields });
  const handle = build({ debug: log, info: log, warn: log, error: log });
  const response = await handle(
    new Request('http://localhost/webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }),
  );
  return { status: response.status, body: (await response.json()) as { error: string; message: string }, logs };
}

const NEYNAR_FIX = 'build the receiver with `sender: neynarSender({ secrets })`';
const FOUNDING_FIX = 'build the receiver with its `secret` and no `sender`';

describe("a delivery at another sender's route", () => {
  it.each([
    ['founding', 'a Neynar delivery', neynarHeaders, neynarBody, NEYNAR_FIX],
    ['Mini App', 'a Neynar delivery', neynarHeaders, neynarBody, NEYNAR_FIX],
    ['Neynar', 'a founding delivery', foundingHeaders, foundingBody, FOUNDING_FIX],
    ['Mini App', 'a founding delivery', foundingHeaders, foundingBody, FOUNDING_FIX],
  ] as const)(
    'at a %s receiver, %s is answered 401 wrong_sender, and the answer and the log line name the sender to configure',
    async (route, _what, headers, body, fix) => {
      const { status, body: answer, logs } = await deliver(receivers[route]!, headers, body);
      expect(status).toBe(401);
      expect(answer.error).toBe('wrong_sender');
      expect(answer.message).toContain(fix);
      expect(answer.message).not.toContain(Object.values(headers)[0]);
      const line = logs.find((entry) => entry.fields.code === 'wrong_sender');
      expect(line?.message).toContain('401 wrong_sender');
      expect(line?.fields.hint).toContain(fix);
    },
  );

  it("at a Neynar or founding receiver, a Mini App event (no header) keeps its missing-proof code, and the log line's hint names miniAppSender", async () => {
    const event = JSON.stringify(await signer.sign(3, { event: 'miniapp_added' }));
    for (const [route, code] of [
      ['Neynar', 'signature_missing'],
      ['founding', 'header_missing'],
    ] as const) {
      const { status, body: answer, logs } = await deliver(receivers[route]!, {}, event);
      expect({ status, code: answer.error }).toEqual({ status: 401, code });
      expect(logs.find((entry) => entry.fields.code === code)?.fields.hint).toContain('`sender: miniAppSender({ verifyAppKey })`');
    }
  });

  it("is not confused with the route's own deliveries: each sender's genuine delivery at its own route passes the header step", async () => {
    expect((await deliver(receivers.Neynar!, neynarHeaders, neynarBody)).status).toBe(200);
    expect((await deliver(receivers.founding!, foundingHeaders, foundingBody)).status).toBe(200);
    // Its own proof present, another sender's mark beside it changes nothing.
    expect((await deliver(receivers.Neynar!, { ...neynarHeaders, ...foundingHeaders }, neynarBody)).status).toBe(200);
  });

  it('a forged founding header value at a Neynar route is still wrong_sender, never a pass', async () => {
    const { status, body } = await deliver(receivers.Neynar!, { 'x-airstack-webhook': 'forged' }, neynarBody);
    expect({ status, error: body.error }).toEqual({ status: 401, error: 'wrong_sender' });
  });
});
