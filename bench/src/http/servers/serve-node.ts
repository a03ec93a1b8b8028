import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { FETCH_APPS, type FetchAppName } from '../apps/fetch-apps.js';
import { NODE_APPS, type NodeAppName } from '../apps/node-apps.js';

/** Starts a Node server: a Web `fetch` app on @hono/node-server, or one of the Node-only apps. */
export async function serveNode(app: FetchAppName | NodeAppName): Promise<number> {
  const server: Server = Object.hasOwn(FETCH_APPS, app)
    ? (serve({ fetch: FETCH_APPS[app as FetchAppName](), port: 0, hostname: '127.0.0.1' }) as Server)
    : NODE_APPS[app as NodeAppName]();
  await new Promise((resolve) => (server.listening ? resolve(undefined) : server.once('listening', resolve)));
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  return (server.address() as AddressInfo).port;
}
