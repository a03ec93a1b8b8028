import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fault the stand-in client answers the next `count` requests with. `delayMs`: the request reaches
 * the client that much later, as over a slow or cold connection: it is taken then (its tokens' rate
 * windows counted from then, as a client counts from receipt) and answered at once. `rateLimit`: those
 * of these tokens in the request are answered `rateLimitedTokens`, as by a client whose window for
 * them has not passed, the others as usual.
 */
export type ClientFault = { readonly count: number } & (
  | { readonly status: number }
  | { readonly delayMs: number }
  | { readonly broken: 'not-json' | 'no-result' }
  | { readonly rateLimit: readonly string[] }
);

/** Options of {@link startNotificationClient}. */
export interface StandInOptions {
  /** Per-token limits the client enforces (`rateLimitedTokens`); none when left out. */
  readonly limits?: { readonly intervalMs: number; readonly perDay: number };
  /** The Mini App's domain: a targetUrl elsewhere fails every token with `domain_mismatch`. */
  readonly domain?: string;
}

/**
 * A Farcaster client's notification endpoint that enforces the protocol to the letter
 * (miniapps.farcaster.xyz, specification "Notifications"): the request's schema and limits (400 and a
 * recorded violation otherwise), (FID, notificationId) dedupe (a repeat answered successful, not
 * delivered again), optional per-token rate limits and domain check, invalid tokens once revoked,
 * and faults on demand. It counts what each user received.
 */
export interface StandInClient {
  readonly url: string;
  /** A fresh token for (fid, appFid). */
  issue(fid: number, appFid?: number): string;
  /** The user disabled notifications: the token is invalid from now on. */
  revoke(token: string): void;
  fault(fault: ClientFault): void;
  /** Deliveries by `${fid}:${notificationId}`: how many times each user was notified (the host's count: 1 at most). */
  readonly delivered: Map<string, number>;
  /** Requests received, with their token counts and when each was taken (after any `delayMs`: the receipt time). */
  readonly requests: { readonly notificationId: string; readonly tokens: number; readonly at: number }[];
  /** Repeats the client deduped. */
  duplicates: number;
  /** Tokens the client answered `rateLimitedTokens` (within its interval, or past its day). */
  rateLimited: number;
  /** Protocol violations seen (each answered 400). */
  readonly violations: string[];
  close(): Promise<void>;
}

export async function startNotificationClient(options: StandInOptions = {}): Promise<StandInClient> {
  const tokens = new Map<string, { fid: number; valid: boolean; at?: number; dayStart?: number; count?: number }>();
  const faults: { fault: ClientFault; left: number }[] = [];
  let serial = 0;
  const client = {
    url: '',
    delivered: new Map<string, number>(),
    requests: [] as { notificationId: string; tokens: number; at: number }[],
    duplicates: 0,
    rateLimited: 0,
    violations: [] as string[],
    issue(fid: number, appFid = 9152) {
      const token = `tok-${appFid}-${fid}-${++serial}`;
      tokens.set(token, { fid, valid: true });
      return token;
    },
    revoke(token: string) {
      const held = tokens.get(token);
      if (held !== undefined) held.valid = false;
    },
    fault(fault: ClientFault) {
      faults.push({ fault, left: fault.count });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = (request: unknown, limited: ReadonlySet<string>): { status: number; body: unknown } => {
    const violation = check(request);
    if (violation !== undefined) {
      client.violations.push(violation);
      return { status: 400, body: { error: violation } };
    }
    const { notificationId, targetUrl, tokens: list } = request as { notificationId: string; targetUrl: string; tokens: string[] };
    client.requests.push({ notificationId, tokens: list.length, at: Date.now() });
    const result = {
      successfulTokens: [] as string[],
      invalidTokens: [] as string[],
      rateLimitedTokens: [] as string[],
      failedTokens: [] as object[],
    };
    const now = Date.now();
    for (const token of list) {
      const held = tokens.get(token);
      if (held === undefined || !held.valid) {
        result.invalidTokens.push(token);
        continue;
      }
      if (limited.has(token)) {
        result.rateLimitedTokens.push(token);
        client.rateLimited += 1;
        continue;
      }
      if (options.domain !== undefined && new URL(targetUrl).hostname !== options.domain) {
        result.failedTokens.push({ token, fid: held.fid, reason: 'domain_mismatch' });
        continue;
      }
      const key = `${held.fid}:${notificationId}`;
      if (client.delivered.has(key)) {
        client.duplicates += 1;
        result.successfulTokens.push(token);
        continue;
      }
      const limits = options.limits;
      if (limits !== undefined) {
        if (held.dayStart === undefined || now - held.dayStart >= 86_400_000) Object.assign(held, { dayStart: now, count: 0 });
        if ((held.at !== undefined && now - held.at < limits.intervalMs) || held.count! >= limits.perDay) {
          result.rateLimitedTokens.push(token);
          client.rateLimited += 1;
          continue;
        }
        held.at = now;
        held.count! += 1;
      }
      client.delivered.set(key, 1);
      result.successfulTokens.push(token);
    }
    return { status: 200, body: { result } };
  };

  const server: Server = createServer(async (req, res) => {
    const text = await readText(req);
    const active = faults.find((entry) => entry.left > 0);
    let limited: ReadonlySet<string> = new Set();
    if (active !== undefined) {
      active.left -= 1;
      const { fault } = active;
      if ('rateLimit' in fault) limited = new Set(fault.rateLimit);
      else if ('delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      else if ('status' in fault) return res.writeHead(fault.status, { 'content-type': 'application/json' }).end('{"error":"fault"}');
      else return res.writeHead(200, { 'content-type': 'application/json' }).end(fault.broken === 'not-json' ? '<html>' : '{"ok":true}');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      client.violations.push('body is not JSON');
      return res.writeHead(400).end();
    }
    const { status, body } = answer(parsed, limited);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  return client;
}

/** Why a request breaks `sendNotificationRequestSchema`, or undefined. */
function check(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null) return 'body is not an object';
  const { notificationId, title, body, targetUrl, tokens } = request as Record<string, unknown>;
  const within = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
  if (!within(notificationId, 128)) return 'notificationId missing or over 128';
  if (!within(title, 32)) return 'title missing or over 32';
  if (!within(body, 128)) return 'body missing or over 128';
  if (!within(targetUrl, 1024) || !(targetUrl as string).startsWith('https://')) return 'targetUrl not https or over 1024';
  if (!Array.isArray(tokens) || !tokens.every((token) => typeof token === 'string')) return 'tokens not a list of strings';
  if (tokens.length > 100) return `tokens: ${tokens.length} over 100`;
  if (new Set(tokens).size !== tokens.length) return 'a token twice in one request';
  return undefined;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
