/** The runtimes the HTTP section runs servers on. */
export type ServerRuntime = 'node' | 'bun' | 'deno' | 'workerd';

/** Neynar's receiver and hand-written route on each Web runtime (apps/neynar-fetch-apps.ts). */
const NEYNAR_WEB = ['neynar-web-handler', 'neynar-web-bare', 'neynar-hono-adapter', 'neynar-hono-naive'] as const;

/** The Mini App servers on each Web runtime (apps/miniapp-fetch-apps.ts). */
const MINIAPP_WEB = ['miniapp-web-handler', 'miniapp-web-reference', 'miniapp-web-bare'] as const;

/** The servers each runtime runs, by the name `serve.js <runtime> <app>` takes. */
export const RUNTIME_APPS = {
  node: [
    'web-handler',
    'web-bare',
    'hono-adapter',
    'hono-naive',
    'constant',
    'express4-adapter',
    'express4-naive',
    'express5-adapter',
    'express5-naive',
    'fastify-adapter',
    'fastify-naive',
    'node-adapter',
    'node-bare',
    ...NEYNAR_WEB,
    'neynar-express5-adapter',
    'neynar-express5-naive',
    'neynar-fastify-adapter',
    'neynar-fastify-naive',
    'neynar-node-adapter',
    'neynar-node-bare',
    'miniapp-web-handler',
    'miniapp-hono-adapter',
    'miniapp-express5-adapter',
    'miniapp-express5-reference',
    'miniapp-node-adapter',
    'miniapp-node-reference',
    'miniapp-node-bare',
  ],
  bun: ['web-handler', 'web-bare', 'web-contract', 'hono-adapter', 'hono-naive', 'constant', ...NEYNAR_WEB, ...MINIAPP_WEB],
  deno: ['web-handler', 'web-bare', 'web-contract', 'hono-adapter', 'hono-naive', 'constant', ...NEYNAR_WEB, ...MINIAPP_WEB],
  workerd: ['web-handler', 'web-bare', 'web-contract', 'hono-adapter', 'hono-naive', ...NEYNAR_WEB, ...MINIAPP_WEB],
} as const satisfies Record<ServerRuntime, readonly string[]>;

/** One server under test: a runtime and an app it runs (a union, so `runtime` narrows `app`). */
export type ServerSpec = {
  [R in ServerRuntime]: { readonly runtime: R; readonly app: (typeof RUNTIME_APPS)[R][number] };
}[ServerRuntime];

/** Checks `serve.js`'s arguments, with a message listing what is there. */
export function parseServerSpec(runtime: string | undefined, app: string | undefined): ServerSpec {
  if (runtime === undefined || !Object.hasOwn(RUNTIME_APPS, runtime)) {
    throw new Error(`unknown runtime "${runtime}"; use one of ${Object.keys(RUNTIME_APPS).join(', ')}`);
  }
  const apps: readonly string[] = RUNTIME_APPS[runtime as ServerRuntime];
  if (app === undefined || !apps.includes(app)) throw new Error(`unknown ${runtime} server "${app}"; use one of ${apps.join(', ')}`);
  return { runtime, app } as ServerSpec;
}
