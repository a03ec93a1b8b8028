// The Mini App conformance server every runtime runs: each case of support/miniapp-rows.ts mounted
// twice, on the core Web handler and on the Hono adapter, with a key lookup that knows the test
// client's public key (`appKey`, from the runtime's environment). The hooks' record of each request
// goes back in a response header, as in conformance-app.ts. Web APIs only.
import { Hono } from 'hono';
import { webhookHandler as coreHandler } from '@social-webhooks/core';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';
import { MINI_APP_CASES, miniAppOptionsFor } from '../support/miniapp-rows.js';
import { emptyCalls, resetCalls, type Calls } from '../support/rows.js';
import { ADAPTERS, CALLS_HEADER, type Adapter } from './conformance-app.js';

export { ADAPTERS, CALLS_HEADER };

/** Where Mini App case `index` is mounted on `adapter`. */
export const miniAppRowPath = (index: number, adapter: Adapter): string => `/miniapp/${index}/${adapter}`;

type FetchHandler = (request: Request, ...platform: unknown[]) => Promise<Response>;

/** Builds the server's `fetch` for the signer whose public key is `appKey` (`0x` and 64 hex digits). */
export function createMiniAppConformanceApp(appKey: string): FetchHandler {
  if (!/^0x[0-9a-f]{64}$/.test(appKey))
    throw new Error(`the Mini App conformance server needs the signer's key in hex; got ${JSON.stringify(appKey)}`);
  const routes = new Map<string, { readonly calls: Calls; readonly handle: FetchHandler }>();
  MINI_APP_CASES.forEach((testCase, index) => {
    const coreCalls = emptyCalls();
    routes.set(miniAppRowPath(index, 'core'), { calls: coreCalls, handle: coreHandler(miniAppOptionsFor(testCase, coreCalls, appKey)) });
    const honoCalls = emptyCalls();
    const app = new Hono();
    app.post('*', honoHandler(miniAppOptionsFor(testCase, honoCalls, appKey)));
    routes.set(miniAppRowPath(index, 'hono'), {
      calls: honoCalls,
      handle: async (request, env, ctx) => app.fetch(request, env as object, ctx as never),
    });
  });

  return async function serveMiniAppConformance(request, ...platform) {
    const route = routes.get(new URL(request.url).pathname);
    if (route === undefined) return new Response('no such row', { status: 404 });
    resetCalls(route.calls);
    const response = await route.handle(request, ...platform);
    const headers = new Headers(response.headers);
    // An Error does not survive JSON; the suite only counts the errors.
    headers.set(
      CALLS_HEADER,
      encodeURIComponent(JSON.stringify(route.calls, (key, value: unknown) => (key === 'error' ? undefined : value))),
    );
    return new Response(response.body, { status: response.status, headers });
  };
}
