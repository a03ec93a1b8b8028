// Saves the tokens POSTed to it in the SocialWebhooksState object it binds as STATE (another
// Worker's class), so a test fills the store a guide's Worker reads (test/cloudflare-snippets.test.ts).
import { cloudflareTokenStore, type DurableObjectNamespaceLike } from '@social-webhooks/cloudflare';
import type { NotificationTarget } from '@social-webhooks/core';

export default {
  async fetch(request: Request, env: { readonly STATE: DurableObjectNamespaceLike }): Promise<Response> {
    const tokens = cloudflareTokenStore({ durableObject: env.STATE });
    for (const target of (await request.json()) as NotificationTarget[]) await tokens.save(target);
    return new Response(null, { status: 204 });
  },
};
