import { parseWebhookEvent } from '@farcaster/miniapp-node';
import { webhookHandler } from '@social-webhooks/core';
import { webhookHandler as honoWebhookHandler } from '@social-webhooks/hono';
import { sink } from '../../support/sink.js';
import type { FetchApp } from './fetch-app.js';
import { honoApp } from './hono-app.js';
import { readSignedPayload } from './miniapp-bare.js';
import { benchAppKey, cachedLookup } from './miniapp-lookup.js';
import { miniAppReceiverOptions } from './miniapp-options.js';
import { referenceRefusal } from './miniapp-reference.js';

const unauthorized = () => Response.json({ error: 'unauthorized' }, { status: 401 });
const badRequest = () => Response.json({ error: 'invalid_body' }, { status: 400 });

/**
 * Mini App events on every Web runtime, each server knowing the bench signer's key from its
 * environment: the receiver with `miniAppSender`, the route users write with the reference
 * (`request.json()`, `parseWebhookEvent` with the same cached lookup), and the bare route that only
 * verifies the signature (apps/miniapp-bare.ts). Hono's receiver is a candidate for the fastest on Node.
 */
export const MINIAPP_FETCH_APPS = {
  'miniapp-web-handler': (): FetchApp => webhookHandler(miniAppReceiverOptions(benchAppKey())),
  'miniapp-hono-adapter': (): FetchApp => honoApp(honoWebhookHandler(miniAppReceiverOptions(benchAppKey()))),
  'miniapp-web-reference': (): FetchApp => {
    const verifyAppKey = cachedLookup(benchAppKey());
    return async (request) => {
      try {
        sink(await parseWebhookEvent(await request.json(), verifyAppKey));
        return Response.json('ok');
      } catch (error) {
        const { status, body } = referenceRefusal(error);
        return Response.json(body, { status });
      }
    };
  },
  'miniapp-web-bare': (): FetchApp => async (request) => {
    let payload: unknown;
    try {
      payload = readSignedPayload(await request.json());
    } catch {
      return badRequest();
    }
    if (payload === undefined) return unauthorized();
    sink(payload);
    return Response.json('ok');
  },
} as const;
