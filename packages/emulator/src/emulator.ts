import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { route } from './api/router.js';
import { sendJson } from './api/http-json.js';
import type { ManagementContext } from './api/management-routes.js';
import type { DeliveryRecord } from './delivery/delivery-log.js';
import { Dispatcher } from './delivery/dispatcher.js';
import { resolveEmulatorOptions, type EmulatorOptions } from './options.js';
import { WebhookStore, type Webhook } from './state/webhooks.js';

/** A running emulator. */
export interface Emulator {
  /** The base URL to give the client (`createClient({ baseUrl })`), e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** The live webhooks. */
  webhooks(): Webhook[];
  /** The delivery log, every attempt, optionally of one webhook. */
  deliveries(webhookId?: string): DeliveryRecord[];
  /** Resolves once no delivery is pending (delivered, failed for good, or cancelled). */
  idle(): Promise<void>;
  /** Cancels pending deliveries and closes the server and every socket. */
  stop(): Promise<void>;
}

/**
 * Starts a local emulator of the service: its management API (create, delete, test a filter), event
 * publishing at `POST /_emulator/events`, and deliveries with the gateway's retries. State is in
 * memory and goes with `stop()`.
 *
 * @example
 * const emulator = await startEmulator({ retry: { baseDelayMs: 100 } });
 * const client = createClient({ apiKey: 'emulator-api-key', baseUrl: emulator.url });
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const resolved = resolveEmulatorOptions(options);
  const webhooks = new WebhookStore();
  const dispatcher = new Dispatcher(resolved);
  let url = '';
  const context: ManagementContext = { options: resolved, webhooks, dispatcher, baseUrl: () => url };

  const server: Server = createServer((req, res) => {
    route(context, req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { status: false, message: 'Internal emulator error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host}:${port}`;

  return {
    url,
    webhooks: () => webhooks.list(),
    deliveries: (webhookId) => dispatcher.log.list(webhookId),
    idle: () => dispatcher.idle(),
    async stop() {
      dispatcher.cancelAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
