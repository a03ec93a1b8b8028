// The Mini App conformance server as a Cloudflare Worker (workerd, without nodejs_compat). The
// signer's key is a binding, which a Worker sees only with a request: the app is built on the first.
import { APP_KEY_ENV } from '../support/miniapp-rows.js';
import { createMiniAppConformanceApp } from './miniapp-app.js';

let app: ReturnType<typeof createMiniAppConformanceApp> | undefined;

export default {
  fetch(request: Request, env: Record<string, string | undefined>, ctx: unknown): Promise<Response> {
    app ??= createMiniAppConformanceApp(env[APP_KEY_ENV] ?? '');
    return app(request, env, ctx);
  },
};
