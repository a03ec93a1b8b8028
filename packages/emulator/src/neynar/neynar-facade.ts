import type { NeynarEventName } from '@social-webhooks/core';
import type { NeynarSubscription } from '@social-webhooks/filter';
import type { ManagementContext, RouteAnswer } from '../api/management-routes.js';
import type { Faults } from '../delivery/faults.js';
import { EmulatorError } from '../emulator-error.js';
import { rotateNeynarSecret } from './neynar-emulator-routes.js';
import { createNeynarWebhook } from './neynar-management.js';
import { publishNeynarEvent } from './neynar-publish.js';
import type { NeynarWebhook } from './neynar-webhook.js';

/** What `emulator.neynar.publish` answers: the webhooks that matched and one delivery id per webhook. */
export interface NeynarPublishResult {
  readonly type: NeynarEventName;
  readonly matched: string[];
  readonly deliveries: string[];
}

/** Options of `emulator.neynar.publish`. */
export interface NeynarPublishOptions {
  /** Faults for this publish's deliveries, over each webhook's own. */
  readonly faults?: Faults;
  /** The body's `created_at`, in unix seconds. Default: now. */
  readonly createdAt?: number;
}

/**
 * The emulator as Neynar, from code. Its management API (`/v2/farcaster/webhook/`) answers the SDK;
 * these are the same operations without HTTP, and what Neynar has no API for (publishing an event,
 * rotating a secret). Deliveries, replay, faults and waiting are the emulator's own methods, shared
 * by both senders.
 */
export interface NeynarEmulator {
  /**
   * Creates a webhook as `POST /v2/farcaster/webhook/` does; answers it as the API does (one secret
   * in `secrets`). @throws {EmulatorError} `invalid_request`, with Neynar's message.
   */
  createWebhook(options: { name: string; url: string; subscription?: NeynarSubscription }): NeynarWebhook;
  /** The live Neynar webhooks, as `GET /v2/farcaster/webhook/list/` answers them. */
  webhooks(): NeynarWebhook[];
  /**
   * Publishes an event to every active webhook whose subscription passes it; `data` defaults to the
   * core's sample of the type (a cast with a fresh hash). @throws {EmulatorError} `invalid_request`
   * when `data` fails the type's schema.
   */
  publish(type: NeynarEventName, data?: Record<string, unknown>, options?: NeynarPublishOptions): NeynarPublishResult;
  /**
   * Adds a new secret, which signs from now on, and has the older ones expire `graceSeconds` from
   * now (default 86400). @throws {EmulatorError} `unknown_webhook`.
   */
  rotateSecret(webhookId: string, options?: { graceSeconds?: number }): NeynarWebhook;
}

function succeeded(answer: RouteAnswer): Record<string, unknown> {
  if (answer.status < 300) return answer.body as Record<string, unknown>;
  throw new EmulatorError('invalid_request', String((answer.body as { message?: unknown }).message));
}

/** The {@link NeynarEmulator} of a running emulator. */
export function neynarFacade(context: ManagementContext, apiKey: string): NeynarEmulator {
  return {
    createWebhook: (options) => succeeded(createNeynarWebhook(context, options, apiKey))['webhook'] as NeynarWebhook,
    webhooks: () => context.neynar.list().map((entry) => entry.webhook),
    publish(type, data, options = {}) {
      const body = {
        type,
        ...(data !== undefined && { data }),
        ...(options.createdAt !== undefined && { created_at: options.createdAt }),
        ...(options.faults !== undefined && { faults: options.faults }),
      };
      const answer = succeeded(publishNeynarEvent(context, body));
      return { type, matched: answer['matched'] as string[], deliveries: answer['deliveries'] as string[] };
    },
    rotateSecret: (webhookId, options = {}) => rotateNeynarSecret(context, webhookId, options.graceSeconds),
  };
}
