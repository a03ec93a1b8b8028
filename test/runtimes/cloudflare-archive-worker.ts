// The delivery archive in a Worker (workerd through Miniflare), on the D1 binding DB or the
// SocialWebhooksState namespace STATE. POST /archive runs one archive method and answers its result
// (bytes as arrays of numbers both ways); POST /webhook is a Neynar receiver keeping its dedupe and
// its archive there, whose handler fails while /broken says so (after respondWithin's 202, so the
// sender would not retry); POST /replay replays a window from the archive through the same handlers;
// GET /handled lists what the handler handled (`<hash>` or `<hash> replay`), in order.
import {
  cloudflareDeliveryArchive,
  cloudflareStore,
  type CloudflareStorage,
  type D1Like,
  type DurableObjectNamespaceLike,
} from '@social-webhooks/cloudflare';
import { neynarSender, replay, replayOf, webhookHandler, type NeynarEvents, type WebhookOptions } from '@social-webhooks/core';

export { SocialWebhooksState } from '@social-webhooks/cloudflare';

interface Env {
  readonly DB: D1Like;
  readonly STATE: DurableObjectNamespaceLike;
}

const ARCHIVE_SECRET = 'archive-secret';
const storageOf = (env: Env, kind: string | null): CloudflareStorage => (kind === 'd1' ? { d1: env.DB } : { durableObject: env.STATE });

const broken = new Set<string>();
const handled = new Map<string, string[]>();

// Each storage and prefix's receiver options, built at its first request (a binding is seen only with one).
const built = new Map<string, WebhookOptions<Request, NeynarEvents>>();
const handlers = new Map<string, ReturnType<typeof webhookHandler>>();
function receiverOptions(env: Env, kind: string | null, prefix: string): WebhookOptions<Request, NeynarEvents> {
  const key = `${kind}:${prefix}`;
  const found = built.get(key);
  if (found !== undefined) return found;
  const where = { ...storageOf(env, kind), prefix };
  const options: WebhookOptions<Request, NeynarEvents> = {
    sender: neynarSender({ secrets: ARCHIVE_SECRET }),
    logger: false,
    respondWithin: 5,
    dedupe: { store: cloudflareStore(where), leaseMs: 2_000 },
    archive: cloudflareDeliveryArchive(where),
    on: {
      'cast.created': async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (broken.has(prefix)) throw new Error('the handler bug of the window');
        const list = handled.get(prefix) ?? [];
        handled.set(prefix, list);
        list.push(`${String(event.data.hash)}${replayOf(event) === undefined ? '' : ' replay'}`);
      },
    },
  };
  built.set(key, options);
  return options;
}

function receive(env: Env, kind: string | null, prefix: string) {
  const key = `${kind}:${prefix}`;
  let handle = handlers.get(key);
  if (handle === undefined) handlers.set(key, (handle = webhookHandler(receiverOptions(env, kind, prefix))));
  return handle;
}

// Bytes travel as arrays of numbers; { $fill: n } asks for n bytes of every value in turn.
const revive = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = { ...(value as Record<string, unknown>) };
  const body = record['body'];
  if (Array.isArray(body)) record['body'] = Uint8Array.from(body as number[]);
  else if (typeof body === 'object' && body !== null && '$fill' in body) {
    record['body'] = Uint8Array.from({ length: Number((body as { $fill: number }).$fill) }, (_, index) => index % 256);
  }
  return record;
};
const bytesAsArrays = (_key: string, value: unknown) => (value instanceof Uint8Array ? Array.from(value) : value);

async function archiveCall(env: Env, request: Request): Promise<Response> {
  const { storage, prefix, method, args, options } = (await request.json()) as {
    storage: string;
    prefix: string;
    method: string;
    args: unknown[];
    options?: Record<string, number>;
  };
  try {
    const archive = cloudflareDeliveryArchive({ ...storageOf(env, storage), prefix, ...options }) as unknown as Record<
      string,
      (...values: unknown[]) => unknown
    >;
    const result = await archive[method]!(...args.map(revive));
    return new Response(JSON.stringify({ result: result ?? null }, bytesAsArrays), { headers: { 'content-type': 'application/json' } });
  } catch (error) {
    return Response.json({ error: String(error) }, { status: 500 });
  }
}

export default {
  async fetch(request: Request, env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<Response> {
    const url = new URL(request.url);
    const kind = url.searchParams.get('storage');
    const prefix = url.searchParams.get('prefix') ?? '';
    switch (url.pathname) {
      case '/archive':
        return archiveCall(env, request);
      case '/webhook':
        return receive(env, kind, prefix)(request, env, ctx);
      case '/broken':
        if (url.searchParams.get('value') === '1') broken.add(prefix);
        else broken.delete(prefix);
        return new Response(null, { status: 204 });
      case '/handled':
        return Response.json(handled.get(prefix) ?? []);
      case '/replay': {
        const window = (await request.json()) as { since: number; until: number; dryRun?: boolean; checkpoint?: string };
        try {
          return Response.json(await replay({ receiver: receiverOptions(env, kind, prefix), ratePerSecond: 200, ...window }));
        } catch (error) {
          return Response.json({ error: String(error) }, { status: 500 });
        }
      }
      default:
        return new Response('not found', { status: 404 });
    }
  },
};
