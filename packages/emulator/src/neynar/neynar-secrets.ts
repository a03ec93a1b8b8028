import { createHmac } from 'node:crypto';
import { newHeaderValue, newWebhookId } from '../state/secrets.js';
import { NO_EXPIRY, neynarTime, type NeynarWebhookSecret } from './neynar-webhook.js';

/** A fresh secret: a ULID-shaped `uid`, 32 characters of [A-Za-z0-9] from the CSPRNG, no end yet. */
export function newNeynarSecret(now = Date.now()): NeynarWebhookSecret {
  const at = neynarTime(now);
  return { uid: newWebhookId(now), value: newHeaderValue(32), expires_at: NO_EXPIRY, created_at: at, updated_at: at, deleted_at: null };
}

/**
 * The secret deliveries are signed with: the newest (last added) that is not deleted and has not
 * expired; the newest of all if every one has (so a delivery is still signed, and refused).
 */
export function signingSecret(secrets: readonly NeynarWebhookSecret[], now = Date.now()): NeynarWebhookSecret | undefined {
  const live = secrets.filter((secret) => secret.deleted_at === null && Date.parse(secret.expires_at) > now);
  return live.at(-1) ?? secrets.at(-1);
}

/**
 * Rotates: a new secret is added, and every older one that would outlive the grace period now
 * expires at its end, so a receiver holding both verifies every delivery until then.
 */
export function rotateSecrets(secrets: readonly NeynarWebhookSecret[], graceMs: number, now = Date.now()): NeynarWebhookSecret[] {
  const end = now + graceMs;
  const at = neynarTime(now);
  const older = secrets.map((secret) =>
    Date.parse(secret.expires_at) > end ? { ...secret, expires_at: neynarTime(end), updated_at: at } : secret,
  );
  return [...older, newNeynarSecret(now)];
}

/** `X-Neynar-Signature`: the hex HMAC-SHA512 of the body's bytes (UTF-8, as sent) under the secret. */
export function neynarSignature(secret: string, body: string): string {
  return createHmac('sha512', secret).update(body, 'utf8').digest('hex');
}
