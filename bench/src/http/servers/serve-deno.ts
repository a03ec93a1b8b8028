import { FETCH_APPS, type FetchAppName } from '../apps/fetch-apps.js';

// Deno's global, typed for what this file uses.
declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
};

/** Starts a Web `fetch` app on `Deno.serve`. */
export function serveDeno(app: FetchAppName): Promise<number> {
  const fetch = FETCH_APPS[app]();
  return new Promise((resolve) => {
    Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => resolve(port) }, (request) => fetch(request));
  });
}
