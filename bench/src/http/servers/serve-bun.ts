import { FETCH_APPS, type FetchAppName } from '../apps/fetch-apps.js';

// Bun's global, typed for what this file uses (the workspace does not load bun-types).
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch: (request: Request) => Response | Promise<Response> }): { port: number };
};

/** Starts a Web `fetch` app on `Bun.serve`. */
export function serveBun(app: FetchAppName): number {
  const fetch = FETCH_APPS[app]();
  return Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => fetch(request) }).port;
}
