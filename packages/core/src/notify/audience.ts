import { WebhookError } from '../errors.js';
import type { NotificationTarget } from '../senders/miniapp/token-store.js';
import { checkEnabledWindow, type AudienceTime } from './audience-enabled.js';

/**
 * One Farcaster client: its FID (the client's `appFid` in a target: 9152 for Farcaster's own app), or
 * the notification URL it gave (`https://api.farcaster.xyz/v1/frame-notifications`), compared whole.
 */
export type AudienceClient = number | string;

/** What narrows any audience: who is left out, which client, since when, and your own test of each stored target. */
export interface AudienceNarrowing {
  /** FIDs never notified, whatever the rest says: a list, held in memory (keep it to what fits; a large set belongs in `where`). */
  readonly exclude?: readonly number[];
  /** Only the targets of this client ("only users of this client"): its FID or its notification URL. */
  readonly client?: AudienceClient;
  /**
   * Only the targets enabled at this time or later (their `enabledAt`: when the token was first
   * saved), such as "users who turned notifications on this week": milliseconds since the epoch, a
   * `Date` or an ISO 8601 string, kept in a record or a job as milliseconds. A target stored before
   * stores kept `enabledAt` has none, and is never in it: when that user enabled is unknown.
   */
  readonly enabledSince?: AudienceTime;
  /** Only the targets enabled before this time (not at it), as {@link enabledSince} reads it; none without `enabledAt` either. */
  readonly enabledBefore?: AudienceTime;
  /**
   * Only the stored targets for which it answers true (it may answer a promise): called once per
   * target read, with its `fid`, `appFid`, `url`, `token` and `enabledAt`, after `exclude`, `client`
   * and the enabled times. A function cannot be stored in a queue's job: a durable broadcast refuses it.
   */
  readonly where?: (target: NotificationTarget) => boolean | PromiseLike<boolean>;
}

/** Every user in the store, narrowed: `{ all: true, exclude: [3, 4] }`. */
export interface EveryoneAudience extends AudienceNarrowing {
  readonly all: true;
  readonly fids?: never;
}

/**
 * The users whose FIDs you give, narrowed: a list, or any iterable or async iterable of FIDs your app
 * computes (users who did X, read from your database), read one FID at a time as the send goes, never
 * held whole. A FID that comes twice from an iterable is read twice (only a list is deduplicated in
 * memory): its token goes once into the batch still open; in a later batch the limiter's record
 * answers `alreadySent` for it, and clients dedupe by (FID, `notificationId`) besides.
 */
export interface FidsAudience extends AudienceNarrowing {
  readonly fids: readonly number[] | Iterable<number> | AsyncIterable<number>;
  readonly all?: never;
}

/** Every user of one client: `{ client: 9152 }`, the same as `{ all: true, client: 9152 }`. */
export interface ClientAudience extends AudienceNarrowing {
  readonly client: AudienceClient;
  readonly all?: never;
  readonly fids?: never;
}

/** An audience as an options object: {@link EveryoneAudience}, {@link FidsAudience} or {@link ClientAudience}. */
export type AudienceOptions = EveryoneAudience | FidsAudience | ClientAudience;

/**
 * Who a notification is for: one user's FID, a list of FIDs, `'all'` (every user in the store), or an
 * {@link AudienceOptions} object that adds an exclude list, one client, when they enabled, a test of
 * each target, or FIDs streamed from your own data: `{ all: true, exclude: [3] }`, `{ client: 9152 }`,
 * `{ all: true, enabledSince: '2026-11-01T00:00:00Z' }`,
 * `{ fids: usersWhoVoted(), where: (target) => target.appFid === 9152 }`.
 */
export type NotificationAudience = number | readonly number[] | 'all' | AudienceOptions;

/** What {@link checkAudience} accepts: `'any'` form, or only what `'json'` can carry (a queue's job: no `where`, no iterable). */
export type AudienceForms = 'any' | 'json';

const KEYS: readonly string[] = ['all', 'fids', 'exclude', 'client', 'enabledSince', 'enabledBefore', 'where'];

/**
 * Checks `to` before anything is read or queued: a positive FID, a list of them (an empty one only
 * when `emptyList` is `'allowed'`, the default), `'all'`, or an {@link AudienceOptions} object with no
 * unknown key (a misspelt `exclude` must not send to everyone). The FIDs of an iterable are checked as
 * they are read. `forms: 'json'` refuses what a job cannot carry, saying what to use instead.
 * @throws {WebhookError} `invalid_options`, starting with `source`.
 */
export function checkAudience(
  to: unknown,
  {
    source,
    emptyList = 'allowed',
    forms = 'any',
  }: { readonly source: string; readonly emptyList?: 'allowed' | 'refused'; readonly forms?: AudienceForms },
): asserts to is NotificationAudience {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  const list = (value: unknown, empty: 'allowed' | 'refused') =>
    Array.isArray(value) && (value.length > 0 || empty === 'allowed') && value.every(isFid);
  if (to === 'all' || isFid(to) || list(to, emptyList)) return;
  if (typeof to !== 'object' || to === null || Array.isArray(to)) {
    fail(
      `\`to\` is a user's FID, a list of FIDs${emptyList === 'refused' ? ' (not empty)' : ''}, 'all', or an audience object ` +
        `({ all: true, exclude: [3] }, { fids }, { client: 9152 }); got ${describe(to)}.`,
    );
  }
  const audience = to as Record<string, unknown>;
  const unknown = Object.keys(audience).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) fail(`the audience has no option \`${unknown}\`; its options are ${KEYS.join(', ')}.`);
  const { all, fids, exclude, client, where, enabledSince, enabledBefore } = audience;
  const modes = [all !== undefined, fids !== undefined].filter(Boolean).length;
  if (modes > 1) fail('an audience is `{ all: true }` or `{ fids }`, not both: narrow everyone with `exclude`, `client` or `where`.');
  if (modes === 0 && client === undefined) {
    if (enabledSince !== undefined || enabledBefore !== undefined)
      fail('an audience object names who, then narrows it: every user enabled since a time is `{ all: true, enabledSince }`.');
    fail('an audience object names who: `{ all: true }`, `{ fids: [...] }` (or an iterable of FIDs), or `{ client: 9152 }`.');
  }
  if (all !== undefined && all !== true) fail(`\`all\` is true (every user in the store); got ${describe(all)}.`);
  if (fids !== undefined) checkFids(fids, forms, fail);
  if (Array.isArray(fids) && !list(fids, emptyList))
    fail(`\`fids\` is a list of FIDs (whole numbers, 1 or more)${emptyList === 'refused' ? ', not empty' : ''}.`);
  if (exclude !== undefined && !list(exclude, 'allowed')) fail('`exclude` is a list of FIDs (whole numbers, 1 or more) never to notify.');
  if (client !== undefined && !isFid(client) && !isClientUrl(client)) {
    fail(`\`client\` is a client's FID (9152 for Farcaster) or its notification URL (https://…); got ${describe(client)}.`);
  }
  checkEnabledWindow(enabledSince, enabledBefore, fail);
  if (where !== undefined && typeof where !== 'function')
    fail('`where` is a function of a stored target ({ fid, appFid, url, token, enabledAt }) that answers true to send.');
  if (where !== undefined && forms === 'json') {
    fail(
      '`where` is a function, which a queued job or a broadcast’s record cannot carry: filter the FIDs in your app and pass `{ fids: [...] }`, ' +
        'narrow with `exclude`, `client`, `enabledSince` or `enabledBefore`, or send with createNotifier().send(), which runs it.',
    );
  }
}

function checkFids(fids: unknown, forms: AudienceForms, fail: (message: string) => never): void {
  if (Array.isArray(fids)) return;
  const iterable = typeof fids === 'object' && fids !== null && (Symbol.iterator in fids || Symbol.asyncIterator in fids);
  if (!iterable) fail(`\`fids\` is a list of FIDs or an (async) iterable of them; got ${describe(fids)}.`);
  if (forms === 'json') {
    fail(
      '`fids` is an iterable, which a queued job or a broadcast’s record cannot carry: collect it into a list (`{ fids: [...] }`, ' +
        'stored in the plan job), or send with createNotifier().send(), which reads it as a stream.',
    );
  }
}

/** A FID: a positive safe integer. */
export function isFid(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

function isClientUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  }
  return typeof value === 'object' ? 'an object' : typeof value;
}
