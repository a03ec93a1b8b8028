import type { Notification } from '@social-webhooks/core';

/**
 * The welcome a user gets on adding the app with notifications on. Its id is stable per user: a
 * welcome sent again (a retried event, another instance) reaches the user once, as clients dedupe
 * (FID, notificationId) and the limiter remembers what was sent.
 */
export function welcomeOf(fid: number, domain: string): Notification {
  return { notificationId: `welcome-${fid}`, title: 'Welcome!', body: 'Thanks for adding the app.', targetUrl: `https://${domain}/` };
}
