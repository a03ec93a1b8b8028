// The page side of opens: imports nothing, so a Mini App's bundle gets these few lines and no more.

/** What `reportOpen` reads of the Mini App SDK's `await sdk.context` (`@farcaster/miniapp-sdk`). */
export interface OpenReportContext {
  /** `{ type: 'notification', notification: { notificationId, title, body } }` when opened from a notification. */
  readonly location?:
    { readonly type: string; readonly notification?: { readonly notificationId?: unknown } | undefined } | null | undefined;
  /** `clientFid`: the Farcaster client the app runs in, sent beside the id (unsigned: the token does not carry it). */
  readonly client?: { readonly clientFid?: unknown } | null | undefined;
}

/** A `fetch` that adds the user's Quick Auth token: `sdk.quickAuth.fetch`. */
export type QuickAuthFetch = (url: string, init: RequestInit) => Promise<{ readonly ok: boolean }>;

/** Options of {@link reportOpen}. */
export interface ReportOpenOptions {
  /** `await sdk.context`. */
  readonly context: OpenReportContext | null | undefined;
  /** `sdk.quickAuth.fetch`, which sends `Authorization: Bearer <the user's Quick Auth token>`. */
  readonly fetch: QuickAuthFetch;
  /** The opens receiver's URL, e.g. `/api/opens`. */
  readonly url: string;
  /** Give up (and resolve `false`) after this many milliseconds. Default 10,000. */
  readonly timeoutMs?: number;
}

/**
 * Reports that the Mini App was opened from a notification: when `context.location` is of type
 * `notification`, POSTs `{ notificationId, clientFid? }` through `fetch` (Quick Auth's, so the
 * receiver learns the user from the signed token, never from the body). Resolves `true` once the
 * receiver answered 2xx, `false` when the app was not opened from a notification, or the report
 * failed or timed out. Never rejects: a lost report never breaks the page.
 *
 * @param options `context` (`await sdk.context`), `fetch` (`sdk.quickAuth.fetch`), `url`, `timeoutMs` (default 10,000).
 * @example
 * import { sdk } from '@farcaster/miniapp-sdk';
 * import { reportOpen } from '@social-webhooks/opens/page';
 * void reportOpen({ context: await sdk.context, fetch: sdk.quickAuth.fetch, url: '/api/opens' });
 */
export async function reportOpen(options: ReportOpenOptions): Promise<boolean> {
  try {
    const location = options.context?.location;
    const notificationId = location?.type === 'notification' ? location.notification?.notificationId : undefined;
    if (typeof notificationId !== 'string' || notificationId === '') return false;
    const clientFid = options.context?.client?.clientFid;
    const body = Number.isSafeInteger(clientFid) && (clientFid as number) > 0 ? { notificationId, clientFid } : { notificationId };
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A race, not only the signal: Quick Auth's fetch first gets a token, which no signal stops.
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        abort.abort();
        resolve(false);
      }, options.timeoutMs ?? 10_000);
    });
    const sent = options
      .fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: abort.signal,
        // The report may outlive the page, if the user navigates away at once.
        keepalive: true,
      })
      .then((answer) => answer.ok === true);
    try {
      return await Promise.race([sent, timeout]);
    } finally {
      clearTimeout(timer);
      // A fetch that fails after the timeout won is nobody's error.
      sent.catch(() => undefined);
    }
  } catch (error) {
    console.warn('@social-webhooks/opens: the open was not reported:', error);
    return false;
  }
}
