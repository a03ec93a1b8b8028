import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { NEYNAR_EVENT_NAMES, neynarSender, webhookHandler, type NeynarEvent, type NeynarSecretsOption } from '@social-webhooks/core';

/** A real Neynar receiver on loopback: the core's Web handler with its Neynar sender, behind Node's HTTP server. */
export interface NeynarReceiver {
  readonly url: string;
  /** Every event the handlers got, verified and typed. */
  readonly handled: NeynarEvent[];
  /** Every status the receiver answered, in order. */
  readonly statuses: number[];
  /** The `x-convoy-idempotency-key` of every request, in order. */
  readonly deliveryIds: string[];
  /** Builds the receiver with these secrets, as a user would: `neynarSender({ secrets: webhook.secrets })`. */
  arm(secrets: NeynarSecretsOption): void;
  close(): Promise<void>;
}

export async function startNeynarReceiver(): Promise<NeynarReceiver> {
  const handled: NeynarEvent[] = [];
  const statuses: number[] = [];
  const deliveryIds: string[] = [];
  const on = Object.fromEntries(NEYNAR_EVENT_NAMES.map((name) => [name, (event: NeynarEvent) => void handled.push(event)]));
  let receive: ReturnType<typeof webhookHandler> | undefined;
  const server = serve({
    hostname: '127.0.0.1',
    port: 0,
    // `env` passed on, as `serve({ fetch: receive })` would: the handler then reads Node's request itself.
    fetch: async (request: Request, env: unknown) => {
      const response = receive === undefined ? new Response('not armed', { status: 503 }) : await receive(request, env);
      deliveryIds.push(String(request.headers.get('x-convoy-idempotency-key')));
      statuses.push(response.status);
      return response;
    },
  }) as Server;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/neynar`,
    handled,
    statuses,
    deliveryIds,
    arm: (secrets) => void (receive = webhookHandler({ sender: neynarSender({ secrets }), on, logger: false })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
