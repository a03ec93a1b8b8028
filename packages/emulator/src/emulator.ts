import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventName } from '@social-webhooks/core';
import { replayDelivery, replayFailed, setWebhookFaults } from './api/delivery-routes.js';
import { publishEvent } from './api/emulator-routes.js';
import { sendJson } from './api/http-json.js';
import { createWebhook } from './api/management-routes.js';
import { route, type RouterContext } from './api/router.js';
import { miniAppFacade, type MiniAppEmulator } from './miniapp/miniapp-facade.js';
import { createMiniAppHost } from './miniapp/miniapp-host.js';
import type { DeliveryRecord } from './delivery/delivery-log.js';
import { Dispatcher } from './delivery/dispatcher.js';
import type { Faults } from './delivery/faults.js';
import { waitForDelivery, type DeliveryMatch, type WaitOptions } from './delivery/wait-for-delivery.js';
import { EmulatorError } from './emulator-error.js';
import { neynarFacade, type NeynarEmulator } from './neynar/neynar-facade.js';
import { neynarEntry } from './neynar/neynar-management.js';
import type { NeynarEntry } from './neynar/neynar-webhook.js';
import { resolveEmulatorOptions, type EmulatorOptions } from './options.js';
import { persistTo } from './persist/persister.js';
import { readState, restoreWebhook } from './persist/state-file.js';
import { WebhookStore, type FilterConfig, type Webhook } from './state/webhooks.js';

/** What `publish` answers: the webhooks that matched and one delivery id per webhook. */
export interface PublishResult {
  readonly eventName: EventName;
  readonly matched: string[];
  readonly deliveries: string[];
}

/** A webhook created from code: what the service's create call answers. */
export interface CreatedWebhook {
  readonly webhookId: string;
  readonly headerName: string;
  readonly headerValue: string;
  /** The emulator's page, showing this webhook's deliveries. */
  readonly portalLink: string;
}

/** A running emulator. */
export interface Emulator {
  /** The base URL to give the client (`createClient({ baseUrl })`), e.g. `http://127.0.0.1:4010`; the page is at its root. */
  readonly url: string;
  /** The live webhooks of the founding service. */
  webhooks(): Webhook[];
  /**
   * The emulator as Neynar: its management API answers `@neynar/nodejs-sdk` at {@link url}
   * (`new Configuration({ apiKey, basePath: emulator.url })`); from code, create webhooks, publish
   * Neynar events and rotate secrets here. Their deliveries share the log, replay and faults.
   */
  readonly neynar: NeynarEmulator;
  /** The delivery log, every attempt, optionally of one webhook. */
  deliveries(webhookId?: string): DeliveryRecord[];
  /** One delivery of the log, or `undefined`. */
  delivery(deliveryId: string): DeliveryRecord | undefined;
  /** Creates a webhook as `POST /api/v1/webhooks` does. @throws {EmulatorError} `invalid_request`. */
  createWebhook(options: { endpoint: string; filterConfig: FilterConfig }): CreatedWebhook;
  /**
   * Publishes an event to every matching webhook; `data` defaults to the documented sample with a
   * fresh `id`. @throws {EmulatorError} `invalid_request` when `data` fails the event's schema.
   */
  publish(eventName: EventName, data?: Record<string, unknown>, options?: { faults?: Faults }): PublishResult;
  /** Resolves with a delivery once it has settled (see {@link DeliveryMatch}). @throws {EmulatorError} `wait_timeout`. */
  waitForDelivery(match: DeliveryMatch, options?: WaitOptions): Promise<DeliveryRecord>;
  /** Delivers a logged delivery again: same body, same delivery id. @throws {EmulatorError} */
  replay(deliveryId: string): DeliveryRecord;
  /** Replays every failed delivery (of one webhook, if given); answers their ids. */
  replayFailed(options?: { webhookId?: string }): string[];
  /** Sets the faults every delivery to a webhook gets; `undefined` clears them. @throws {EmulatorError} */
  setFaults(webhookId: string, faults: Faults | undefined): void;
  /** The emulator as a Farcaster client and a hub for a Mini App: sends the four Mini App events, signed, and answers the key lookup. */
  readonly miniApp: MiniAppEmulator;
  /** Resolves once no delivery is pending (delivered, failed for good, or cancelled). */
  idle(): Promise<void>;
  /** Cancels pending deliveries, writes the state file (with `persistPath`), closes the server and every socket. */
  stop(): Promise<void>;
}

/**
 * Starts a local emulator of the service: its management API (create, delete, test a filter), event
 * publishing, deliveries with the gateway's retries and faults on demand, replay, and a page at its
 * root to watch it all. State is in memory, or in `persistPath`.
 *
 * @throws {EmulatorError} `persist_failed` when `persistPath` holds something unreadable.
 * @example
 * const emulator = await startEmulator({ retry: { baseDelayMs: 100 } });
 * const { headerValue } = emulator.createWebhook({ endpoint: 'http://127.0.0.1:3000/webhook', filterConfig: { event_type: 'follow.created' } });
 * const { deliveries } = emulator.publish('follow.created');
 * const delivery = await emulator.waitForDelivery(deliveries[0]!);
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const resolved = resolveEmulatorOptions(options);
  const webhooks = new WebhookStore();
  const neynar = new WebhookStore<NeynarEntry>();
  const dispatcher = new Dispatcher(resolved);
  let url = '';
  const context: RouterContext = {
    options: resolved,
    webhooks,
    neynar,
    dispatcher,
    baseUrl: () => url,
    pageToken: randomBytes(24).toString('base64url'),
    miniApp: createMiniAppHost(resolved, () => url),
  };
  const persister = resolved.persistPath === undefined ? undefined : await restore(resolved.persistPath, context);

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

  const failed = (answer: { status: number; body: unknown }) => {
    if (answer.status < 300) return answer.body as Record<string, unknown>;
    throw new EmulatorError('invalid_request', String((answer.body as { message?: unknown }).message));
  };
  return {
    url,
    webhooks: () => webhooks.list(),
    neynar: neynarFacade(context, [...resolved.apiKeys][0]!),
    deliveries: (webhookId) => dispatcher.log.list(webhookId),
    delivery: (deliveryId) => dispatcher.log.get(deliveryId),
    createWebhook({ endpoint, filterConfig }) {
      const body = failed(createWebhook(context, { endpoint, filter_config: filterConfig }));
      const { header_name: headerName, header_value: headerValue } = body['authentication'] as {
        header_name: string;
        header_value: string;
      };
      return { webhookId: body['webhook_id'] as string, headerName, headerValue, portalLink: body['portal_link'] as string };
    },
    publish(eventName, data, publishOptions = {}) {
      const body = failed(
        publishEvent(context, {
          eventName,
          ...(data !== undefined && { data }),
          ...(publishOptions.faults !== undefined && { faults: publishOptions.faults }),
        }),
      );
      return { eventName, matched: body['matched'] as string[], deliveries: body['deliveries'] as string[] };
    },
    waitForDelivery: (match, waitOptions) => waitForDelivery(dispatcher.log, match, waitOptions),
    replay: (deliveryId) => replayDelivery(context, deliveryId),
    replayFailed: (replayOptions = {}) => replayFailed(context, replayOptions.webhookId),
    setFaults: (webhookId, faults) => void setWebhookFaults(context, webhookId, faults),
    miniApp: miniAppFacade(context.miniApp, url),
    idle: () => dispatcher.idle(),
    async stop() {
      dispatcher.cancelAll();
      context.miniApp.deliveries.cancelAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await persister?.flush();
    },
  };
}

async function restore(path: string, { webhooks, neynar, dispatcher }: RouterContext) {
  const state = await readState(path);
  for (const stored of state?.webhooks ?? []) {
    webhooks.add(restoreWebhook(stored));
    if (stored.faults !== undefined) webhooks.setFaults(stored.id, stored.faults);
  }
  for (const stored of state?.neynarWebhooks ?? []) {
    neynar.add(neynarEntry(stored.webhook));
    if (stored.faults !== undefined) neynar.setFaults(stored.webhook.webhook_id, stored.faults);
  }
  for (const record of state?.deliveries ?? []) dispatcher.log.add({ ...record, attempts: [...record.attempts] });
  return persistTo(path, { webhooks, neynar, log: dispatcher.log }, (error) => {
    process.emitWarning(`@social-webhooks/emulator: could not write ${path}: ${(error as Error).message}`);
  });
}
