import type { Server } from 'node:http';

/** A server under test: starts listening on 127.0.0.1 on a free port. */
export interface ServerVariantModule {
  listen(): Server;
}

/** Every server the HTTP benchmark runs, by the name the child process is started with. */
export const SERVER_VARIANTS = {
  'express-adapter': () => import('./variants/express-adapter.js'),
  'express-naive': () => import('./variants/express-naive.js'),
  'hono-adapter': () => import('./variants/hono-adapter.js'),
  'hono-naive': () => import('./variants/hono-naive.js'),
  'web-handler': () => import('./variants/web-handler.js'),
  'web-bare': () => import('./variants/web-bare.js'),
  'fastify-adapter': () => import('./variants/fastify-adapter.js'),
  'fastify-naive': () => import('./variants/fastify-naive.js'),
  'node-adapter': () => import('./variants/node-adapter.js'),
  'node-naive': () => import('./variants/node-naive.js'),
} as const satisfies Record<string, () => Promise<ServerVariantModule>>;

export type ServerVariant = keyof typeof SERVER_VARIANTS;

export function isServerVariant(name: string | undefined): name is ServerVariant {
  return name !== undefined && Object.hasOwn(SERVER_VARIANTS, name);
}
