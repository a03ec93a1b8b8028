import { NEYNAR_SIGNATURE_HEADER } from '@social-webhooks/core';
import type { DeliveryTarget } from '../delivery/delivery-target.js';
import type { WebhookStore } from '../state/webhooks.js';
import { neynarSignature, signingSecret } from './neynar-secrets.js';
import type { NeynarEntry } from './neynar-webhook.js';

/**
 * A Neynar webhook as a delivery target, read afresh at each attempt: a retry or a replay goes to
 * the URL an update set, signed with the newest secret that has not expired (so after a rotation
 * the new one signs, and a receiver holding both verifies until the old one expires).
 */
export function neynarTarget(store: WebhookStore<NeynarEntry>, entry: NeynarEntry): DeliveryTarget {
  const current = () => store.get(entry.id)?.webhook ?? entry.webhook;
  return {
    id: entry.id,
    get endpoint() {
      return current().target_url;
    },
    authenticate(body) {
      const secret = signingSecret(current().secrets);
      return secret === undefined ? {} : { [NEYNAR_SIGNATURE_HEADER]: neynarSignature(secret.value, body) };
    },
    // A signature reveals nothing of the secret: the log shows it whole, to compare with a receiver's.
    secretHeader: undefined,
  };
}
