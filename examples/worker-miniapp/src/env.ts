import type { DurableObjectNamespaceLike, NotifyMessage, QueueProducer } from '@social-webhooks/cloudflare';

/** The Worker's bindings, as wrangler.toml declares them. */
export interface Env {
  /** The SocialWebhooksState namespace: every store's tables. */
  readonly STATE: DurableObjectNamespaceLike;
  /** The notifications queue's producer. */
  readonly NOTIFICATIONS: QueueProducer<NotifyMessage>;
  /** Your Mini App's domain, `app.example.com`. */
  readonly DOMAIN: string;
  /** Neynar's API key, for the hub lookups (`wrangler secret put NEYNAR_API_KEY`). */
  readonly NEYNAR_API_KEY?: string;
  /** A hub to ask instead of Neynar's (the emulator's, on your machine). */
  readonly HUB_URL?: string;
  /** The bearer token of `POST /broadcast`; without it the route answers 404. */
  readonly BROADCAST_TOKEN?: string;
}
