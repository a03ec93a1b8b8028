import type { NotificationTarget, NotificationTokenStore } from '@social-webhooks/core';

/** A notification, as a Farcaster client's notification API takes it (`@farcaster/miniapp-core`, `sendNotificationRequestSchema`). */
export interface Notification {
  /** Your id for it, at most 128 characters: clients use (FID, notificationId) to send it once. */
  readonly notificationId: string;
  /** At most 32 characters. */
  readonly title: string;
  /** At most 128 characters. */
  readonly body: string;
  /** Where a tap opens: an https URL on your Mini App's domain. */
  readonly targetUrl: string;
}

/** What {@link sendNotification} takes. */
export interface NotifyOptions {
  readonly tokens: NotificationTokenStore;
  readonly notification: Notification;
  /** One user, or every user with a token when left out. */
  readonly fid?: number;
  /** Default the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** How long each client may take to answer, in milliseconds. Default 10,000. */
  readonly timeoutMs?: number;
}

/** How it went: tokens by the client's answer, and the requests that got no usable answer. */
export interface NotifyReport {
  readonly successful: number;
  /** Tokens the client no longer honours (the user turned notifications off or removed the app): dropped from the store. */
  readonly invalid: number;
  /** Tokens the client held back for now (its rate limit): kept, try again later. */
  readonly rateLimited: number;
  readonly failed: readonly { readonly url: string; readonly reason: string }[];
}

// A request carries at most 100 tokens (`tokens: z.string().array().max(100)` in the reference schema).
const BATCH = 100;

/**
 * Sends `notification` to the user's targets (or to every target): one POST `{ notificationId,
 * title, body, targetUrl, tokens }` per client URL and batch of 100 tokens, as miniapps.farcaster.xyz
 * "Sending Notifications" describes. The client answers `{ result: { successfulTokens,
 * invalidTokens, rateLimitedTokens } }`; an invalid token is dropped from the store, unless the user
 * has a newer token from that client by then.
 */
export async function sendNotification(options: NotifyOptions): Promise<NotifyReport> {
  const { tokens, notification, fetch: send = fetch, timeoutMs = 10_000 } = options;
  const targets = options.fid === undefined ? await all(tokens.list()) : await tokens.get(options.fid);
  const byUrl = new Map<string, NotificationTarget[]>();
  for (const target of targets) byUrl.set(target.url, [...(byUrl.get(target.url) ?? []), target]);
  const report = { successful: 0, invalid: 0, rateLimited: 0, failed: [] as { url: string; reason: string }[] };
  for (const [url, group] of byUrl) {
    for (let start = 0; start < group.length; start += BATCH) {
      const batch = group.slice(start, start + BATCH);
      const result = await post(send, url, { ...notification, tokens: batch.map((target) => target.token) }, timeoutMs);
      if (typeof result === 'string') {
        report.failed.push({ url, reason: result });
        continue;
      }
      report.successful += result.successfulTokens.length;
      report.rateLimited += result.rateLimitedTokens.length;
      for (const target of batch.filter((candidate) => result.invalidTokens.includes(candidate.token))) {
        report.invalid += 1;
        await drop(tokens, target);
      }
    }
  }
  return report;
}

interface Result {
  readonly successfulTokens: readonly string[];
  readonly invalidTokens: readonly string[];
  readonly rateLimitedTokens: readonly string[];
}

/** The client's `result`, or why there is none. */
async function post(send: typeof fetch, url: string, request: unknown, timeoutMs: number): Promise<Result | string> {
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return `answered ${response.status}`;
    const answer = (await response.json().catch(() => undefined)) as { result?: Partial<Record<keyof Result, unknown>> } | undefined;
    const result = answer?.result;
    const lists = [result?.successfulTokens, result?.invalidTokens, result?.rateLimitedTokens];
    if (!lists.every((list) => Array.isArray(list) && list.every((token) => typeof token === 'string'))) return 'answered without a result';
    return result as Result;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Forgets `target`, unless the user has since been given another token by that client. */
async function drop(tokens: NotificationTokenStore, target: NotificationTarget): Promise<void> {
  const current = await tokens.get(target.fid);
  if (current.some((held) => held.appFid === target.appFid && held.token === target.token)) {
    await tokens.delete({ fid: target.fid, appFid: target.appFid });
  }
}

async function all(targets: AsyncIterable<NotificationTarget>): Promise<NotificationTarget[]> {
  const collected: NotificationTarget[] = [];
  for await (const target of targets) collected.push(target);
  return collected;
}
