/**
 * A Web `fetch` as Bun.serve, Deno.serve and @hono/node-server call it. The second argument is
 * passed on: on @hono/node-server it holds Node's request, which the Hono adapter reads directly.
 */
export type FetchApp = (request: Request, env?: object) => Response | Promise<Response>;
