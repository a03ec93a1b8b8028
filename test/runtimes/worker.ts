// The conformance server as a Cloudflare Worker, bundled by esbuild and run by Miniflare (workerd)
// without nodejs_compat: a Node API anywhere on the core path fails the bundle or the run.
import { createConformanceApp } from './conformance-app.js';

const app = createConformanceApp();

export default {
  fetch: (request: Request, env: unknown, ctx: unknown): Promise<Response> => app(request, env, ctx),
};
