import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NEYNAR_EVENT_NAMES, neynarSender, type NeynarEvent, type NeynarSecretsOption } from '@social-webhooks/core';
import { webhookHandler } from '@social-webhooks/node';

/** A real Neynar receiver on loopback (the node adapter and the core's Neynar sender), recording what it handled. */
export interface NeynarReceiver {
  readonly url: string;
  /** Every event the handlers got, verified and typed. */
  readonly handled: NeynarEvent[];
  /** Every status the receiver answered, in order. */
  readonly statuses: number[];
  /** The `x-convoy-idempotency-key` of every request, in order. */
  readonly deliveryIds: string[];
  /** Sets the secrets it verifies with (read for every delivery, as a rotation needs). */
  arm(secrets: NeynarSecretsOption): void;
  close(): Promise<void>;
}

export async function startNeynarReceiver(): Promise<NeynarReceiver> {
  const handled: NeynarEvent[] = [];
  const statuses: number[] = [];
  const deliveryIds: string[] = [];
  let secrets: NeynarSecretsOption | undefined;
  const record = (event: NeynarEvent) => void handled.push(event);
  const receive = webhookHandler({
    sender: neynarSender({ secrets: () => secrets }),
    on: Object.fromEntries(NEYNAR_EVENT_NAMES.map((name) => [name, record])),
    logger: false,
  });
  const server = createServer((req, res) => {
    deliveryIds.push(String(req.headers['x-convoy-idempotency-key']));
    res.on('finish', () => statuses.push(res.statusCode));
    void receive(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/neynar`,
    handled,
    statuses,
    deliveryIds,
    arm: (next) => void (secrets = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
