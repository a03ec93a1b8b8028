import { WebhookError } from '../errors.js';
import { NOTIFICATION_LIMITS, type Notification } from './notification.js';

/**
 * Checks `notification` before anything is sent, as a client would check it, and against the app's
 * own `domain` when given (a client answers `domain_mismatch` otherwise, for every token). Returns a
 * copy of the four fields.
 * @throws {WebhookError} `invalid_options`, saying which field is wrong and how to fix it.
 */
export function checkNotification(notification: Notification, domain: string | undefined, source: string): Notification {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  if (typeof notification !== 'object' || notification === null) {
    fail('a notification is an object { notificationId, title, body, targetUrl }.');
  }
  const { notificationId, title, body, targetUrl } = notification;
  const text = (name: keyof typeof NOTIFICATION_LIMITS, value: unknown, hint: string): void => {
    if (typeof value !== 'string' || value === '') fail(`\`${name}\` must be a non-empty string: ${hint}.`);
    const length = (value as string).length;
    if (length > NOTIFICATION_LIMITS[name]) {
      fail(`\`${name}\` is ${length} characters; Farcaster clients take at most ${NOTIFICATION_LIMITS[name]}: ${hint}.`);
    }
  };
  text(
    'notificationId',
    notificationId,
    'a stable id made from what the notification is about (e.g. `welcome-${fid}`), the same for every retry, never random per attempt',
  );
  text('title', title, 'shorten it');
  text('body', body, 'shorten it');
  text('targetUrl', targetUrl, 'an https URL on your Mini App’s domain');
  let url: URL | undefined;
  try {
    url = new URL(targetUrl);
  } catch {
    fail(`\`targetUrl\` ${JSON.stringify(targetUrl)} is not a URL; give an absolute https URL on your Mini App’s domain.`);
  }
  if (url!.protocol !== 'https:') fail(`\`targetUrl\` must be https (clients refuse others); got ${JSON.stringify(targetUrl)}.`);
  if (domain !== undefined && !onDomain(url!.hostname, domain)) {
    fail(
      `\`targetUrl\` ${JSON.stringify(targetUrl)} is not on your Mini App's domain ${JSON.stringify(domain)}: clients answer ` +
        '`domain_mismatch` for every token. Point it at a page of your app, or fix the `domain` option.',
    );
  }
  return { notificationId, title, body, targetUrl };
}

/**
 * Whether `hostname` is `domain`, compared as clients compare them: the same host name, case aside (a
 * subdomain is another domain: the manifest is served from one host).
 */
export function onDomain(hostname: string, domain: string): boolean {
  return hostname.toLowerCase() === domain.toLowerCase();
}
