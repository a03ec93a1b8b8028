// The Cloudflare stores in a Worker (workerd through Miniflare), on the D1 binding DB or the
// SocialWebhooksState namespace STATE. POST /call runs one store method and answers its result, so a
// test drives the stores from two Workers at once; every call to the storage (a D1 all() or batch(),
// a request to the object) is counted for GET /count. POST /webhook is a Mini App receiver on them.
import {
  cleanup,
  cloudflareAppKeyStore,
  cloudflareNotificationLimiter,
  cloudflareStore,
  cloudflareTokenStore,
  type CloudflareStorage,
  type D1Like,
  type D1StatementLike,
  type DurableObjectNamespaceLike,
  migrate,
} from '@social-webhooks/cloudflare';
import { applyMiniAppEvent, createNotifier, miniAppSender, verifyAppKeyWithHub, webhookHandler } from '@social-webhooks/core';

export { SocialWebhooksState } from '@social-webhooks/cloudflare';

interface Env {
  readonly DB: D1Like;
  readonly STATE: DurableObjectNamespaceLike;
  readonly HUB_URL?: string;
}

let storageCalls = 0;
const real = new WeakMap<D1StatementLike, D1StatementLike>();
const counted = (statement: D1StatementLike): D1StatementLike => {
  const wrapped: D1StatementLike = {
    bind: (...values) => counted(statement.bind(...values)),
    all: () => (storageCalls++, statement.all()),
  };
  real.set(wrapped, statement);
  return wrapped;
};
const countedD1 = (db: D1Like): D1Like => ({
  prepare: (query) => counted(db.prepare(query)),
  batch: (statements) => (storageCalls++, db.batch(statements.map((statement) => real.get(statement) ?? statement))),
});
const countedObjects = (namespace: DurableObjectNamespaceLike): DurableObjectNamespaceLike => ({
  idFromName: (name) => namespace.idFromName(name),
  get(id) {
    const stub = namespace.get(id);
    return { fetch: (input, init) => (storageCalls++, stub.fetch(input, init)) };
  },
});
const storageOf = (env: Env, kind: string): CloudflareStorage =>
  kind === 'd1' ? { d1: countedD1(env.DB) } : { durableObject: countedObjects(env.STATE) };

// Grants and lookups in progress, by id, for a later release or finish.
const held = new Map<string, (...args: never[]) => Promise<void>>();
let nextHeld = 0;
const hold = (done: (...args: never[]) => Promise<void>) => {
  const id = String(++nextHeld);
  held.set(id, done);
  return id;
};

interface Call {
  readonly storage: 'd1' | 'do';
  readonly prefix: string;
  readonly store: 'dedupe' | 'tokens' | 'limiter' | 'keys' | 'held' | 'admin';
  readonly method: string;
  readonly args: unknown[];
  readonly options?: Record<string, number>;
}

// Each Worker's stores, by storage, prefix, store and options: a Worker is one instance, whose
// app key store remembers the fetch claims it took.
const stores = new Map<string, Record<string, (...args: unknown[]) => unknown>>();
function storeOf(env: Env, { storage, prefix, store, options }: Call): Record<string, (...args: unknown[]) => unknown> {
  const key = JSON.stringify([storage, prefix, store, options]);
  let found = stores.get(key);
  if (found === undefined) {
    const where = { ...storageOf(env, storage), prefix };
    const made =
      store === 'dedupe'
        ? cloudflareStore(where)
        : store === 'tokens'
          ? cloudflareTokenStore(where)
          : store === 'limiter'
            ? cloudflareNotificationLimiter({ ...where, ...options })
            : cloudflareAppKeyStore(where);
    found = made as unknown as Record<string, (...args: unknown[]) => unknown>;
    stores.set(key, found);
  }
  return found;
}

async function call(env: Env, request: Call): Promise<unknown> {
  const { store, method, args } = request;
  if (store === 'held') return held.get(method)!(...(args as never[]));
  if (store === 'admin') {
    const where = { ...storageOf(env, request.storage), prefix: request.prefix };
    return method === 'migrate' ? migrate(where) : cleanup(where);
  }
  const found = storeOf(env, request);
  if (method === 'saveMany') {
    for (const target of args) await found['save']!(target);
    return null;
  }
  if (method === 'listPages') {
    const pages = [];
    for await (const page of found['listPages']!() as AsyncIterable<unknown>) pages.push(page);
    return pages;
  }
  const answer = await found[method]!(...args);
  if (typeof answer === 'object' && answer !== null && 'release' in answer)
    return { ...answer, release: hold(answer.release as () => Promise<void>) };
  if (typeof answer === 'object' && answer !== null && 'finish' in answer)
    return { ...answer, finish: hold(answer.finish as () => Promise<void>) };
  return answer ?? null;
}

// The Mini App receiver of a storage and prefix, built at its first delivery (a binding is seen only with a request).
const receivers = new Map<string, (request: Request) => Promise<Response>>();
function receiver(env: Env, kind: string, prefix: string) {
  const key = `${kind}:${prefix}`;
  let handle = receivers.get(key);
  if (handle === undefined) {
    const where = { ...storageOf(env, kind), prefix };
    const tokens = cloudflareTokenStore(where);
    const store = cloudflareAppKeyStore(where);
    handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: env.HUB_URL!, store }) }),
      on: {
        miniapp_added: (event) => applyMiniAppEvent(tokens, event),
        miniapp_removed: (event) => applyMiniAppEvent(tokens, event),
        notifications_enabled: (event) => applyMiniAppEvent(tokens, event),
        notifications_disabled: (event) => applyMiniAppEvent(tokens, event),
      },
    });
    receivers.set(key, handle);
  }
  return handle;
}

// Sends one notification to every user of the token store, limited by the limiter on the same storage.
async function notify(env: Env, kind: string, prefix: string, request: Request): Promise<Response> {
  const { notificationId } = (await request.json()) as { notificationId: string };
  const where = { ...storageOf(env, kind), prefix };
  const notifier = createNotifier({
    store: cloudflareTokenStore(where),
    limiter: cloudflareNotificationLimiter(where),
    logger: false,
    retryDelayMs: 20,
    timeoutMs: 2_000,
  });
  const report = await notifier.send(
    { notificationId, title: 'Hello', body: 'From a Worker', targetUrl: 'https://app.example.com/' },
    { to: 'all' },
  );
  return Response.json(report);
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/count') return Response.json({ calls: storageCalls });
    if (url.pathname === '/notify') return notify(env, url.searchParams.get('storage')!, url.searchParams.get('prefix')!, request);
    if (url.pathname === '/webhook') return receiver(env, url.searchParams.get('storage')!, url.searchParams.get('prefix')!)(request);
    try {
      return Response.json({ result: (await call(env, (await request.json()) as Call)) ?? null });
    } catch (error) {
      return Response.json({ error: String(error) }, { status: 500 });
    }
  },
};
