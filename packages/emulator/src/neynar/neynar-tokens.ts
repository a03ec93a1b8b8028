import type { RouteAnswer } from '../api/management-routes.js';
import type { IssuedToken, TokenState } from '../miniapp/notification-tokens.js';
import { neynarError } from './neynar-answers.js';
import { neynarTime } from './neynar-webhook.js';

// Neynar's list of an app's notification tokens, as `@neynar/nodejs-sdk` 3.177.0 reads it
// (`FrameApi.fetchNotificationTokens`, build/api/apis/frame-api.js): `GET
// /v2/farcaster/frame/notification_tokens/?limit&fids&cursor` with `x-api-key`, answered as
// `FrameNotificationTokens`: `{ notification_tokens: [{ object, fid, url, token, status, created_at,
// updated_at }], next: { cursor } }`. `limit` defaults to 20, at most 100; `fids` is a
// comma-separated list of at most 100.

const DEFAULT_LIMIT = 20;
const MOST = 100;

/** One row, as the SDK's `FrameNotificationTokensNotificationTokensInner` types it. */
export interface NeynarNotificationToken {
  readonly object: 'notification_token';
  readonly fid: number;
  readonly url: string;
  readonly token: string;
  readonly status: 'enabled' | 'disabled' | 'invalid';
  readonly created_at: string;
  readonly updated_at: string;
}

/**
 * Neynar's statuses for the emulator's token states. `replaced` tokens are not listed: the user's
 * newer token from that client is (a row per user and client). A token of a removed app is `invalid`
 * (the client no longer takes it); Neynar's docs do not say which status it lists then.
 */
const STATUS: Readonly<Record<Exclude<TokenState, 'replaced'>, NeynarNotificationToken['status']>> = {
  enabled: 'enabled',
  disabled: 'disabled',
  removed: 'invalid',
};

/**
 * `GET /v2/farcaster/frame/notification_tokens/`: the tokens the emulator issued as a Farcaster
 * client (to every Mini App it sent events to: the emulator stands for one app's Neynar), a page at a
 * time, oldest first. The cursor names the last row answered, so a token issued between two pages is
 * on a later one and none is skipped.
 */
export function listNeynarTokens(issued: readonly IssuedToken[], url: URL): RouteAnswer {
  const query = url.searchParams;
  const limit = query.has('limit') ? Number(query.get('limit')) : DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MOST)
    return neynarError(
      'InvalidField',
      `limit must be a whole number from 1 to ${MOST}; got ${JSON.stringify(query.get('limit'))}`,
      'limit',
    );
  const fids = parseFids(query.get('fids'));
  if (fids === 'invalid') return neynarError('InvalidField', `fids must be at most ${MOST} FIDs, comma-separated, such as 3,194`, 'fids');
  const after = query.has('cursor') ? parseCursor(query.get('cursor')!) : undefined;
  if (after === 'invalid') return neynarError('InvalidField', 'cursor is not one this API answered', 'cursor');
  const rows = issued
    .filter((token): token is IssuedToken & { state: keyof typeof STATUS } => token.state !== 'replaced')
    .filter((token) => fids === undefined || fids.has(token.fid))
    .sort(byIssue)
    .filter((token) => after === undefined || byIssue(token, after) > 0);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const cursor = rows.length > limit && last !== undefined ? cursorOf(last) : null;
  return { status: 200, body: { notification_tokens: page.map(rowOf), next: { cursor } } };
}

function rowOf(token: IssuedToken & { state: keyof typeof STATUS }): NeynarNotificationToken {
  const { fid, url } = token;
  const created = neynarTime(Date.parse(token.issuedAt));
  const updated = token.endedAt === null ? created : neynarTime(Date.parse(token.endedAt));
  return {
    object: 'notification_token',
    fid,
    url,
    token: token.token,
    status: STATUS[token.state],
    created_at: created,
    updated_at: updated,
  };
}

type Position = Pick<IssuedToken, 'issuedAt' | 'token'>;

function byIssue(a: Position, b: Position): number {
  return a.issuedAt < b.issuedAt ? -1 : a.issuedAt > b.issuedAt ? 1 : a.token < b.token ? -1 : a.token > b.token ? 1 : 0;
}

function cursorOf({ issuedAt, token }: Position): string {
  return Buffer.from(JSON.stringify([issuedAt, token])).toString('base64url');
}

function parseCursor(text: string): Position | 'invalid' {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string'))
      return { issuedAt: value[0] as string, token: value[1] as string };
  } catch {
    // Not base64url JSON: answered below.
  }
  return 'invalid';
}

function parseFids(text: string | null): ReadonlySet<number> | undefined | 'invalid' {
  if (text === null) return undefined;
  const parts = text.split(',');
  if (parts.length > MOST || !parts.every((part) => /^\d+$/.test(part.trim()) && Number(part) > 0)) return 'invalid';
  return new Set(parts.map(Number));
}
