import {
  audienceTimeMs,
  type AudienceTime,
  type Notification,
  type NotificationAudience,
  type NotificationReport,
  type NotificationWait,
} from '@social-webhooks/core';
import type { NotifyPlan } from '../notify/plan.js';
import type { TokenSource } from '../notify/token-source.js';

/** The notification in one line: its id, what it says and where a tap opens. */
export function notificationLine(notification: Notification): string {
  const { notificationId, title, body, targetUrl } = notification;
  return `Notification ${JSON.stringify(notificationId)}: ${JSON.stringify(title)}: ${JSON.stringify(body)} -> ${targetUrl}`;
}

// What a token store's missing token means: a user who removed the app and one who turned
// notifications off are alike there (applyMiniAppEvent deletes the token for both).
const NO_TOKEN_IN_STORE = 'never enabled notifications, turned them off, or removed the Mini App';

/** The plan: how many tokens of how many users, per client URL its clients, tokens and requests, and the users asked for who hold none, with why. */
export function planLines(plan: NotifyPlan, { where, noTokenReason }: Pick<TokenSource, 'where' | 'noTokenReason'>): string[] {
  const withoutToken = new Map<string, number[]>();
  for (const fid of plan.withoutToken) {
    const reason = noTokenReason?.(fid) ?? NO_TOKEN_IN_STORE;
    withoutToken.set(reason, [...(withoutToken.get(reason) ?? []), fid]);
  }
  return [
    `To ${plan.targets} token(s) of ${plan.users} user(s) at ${plan.clients.length} client URL(s), from ${where}:`,
    ...plan.clients.map(
      ({ url, appFids, tokens, requests }) =>
        `  ${url} (client${appFids.length === 1 ? '' : 's'} ${appFids.join(', ')}): ${tokens} token(s) in ${requests} request(s)`,
    ),
    ...[...withoutToken].map(([reason, fids]) => `  no token: fid ${fids.join(', ')} (${reason})`),
    ...(plan.withoutTokenCount > plan.withoutToken.length
      ? [`  no token: ${plan.withoutTokenCount - plan.withoutToken.length} more FID(s) of those asked for`]
      : []),
  ];
}

/** A wait for rate limits, as it starts: `waiting 29 s: 3 token(s) were notified less than 30 s ago`. */
export function waitLine(wait: NotificationWait, intervalMs: number): string {
  return `waiting ${seconds(wait.ms, Math.ceil)} s: ${wait.tokens} token(s) were notified less than ${seconds(intervalMs, Math.round)} s ago`;
}

/** Milliseconds as seconds: whole ones rounded by `round`, or to a tenth below 10 s. */
function seconds(ms: number, round: (value: number) => number): number {
  return ms < 10_000 ? round(ms / 100) / 10 : round(ms / 1000);
}

/** The report: each outcome counted, with what it means and what to do. */
export function reportLines(report: NotificationReport): string[] {
  const failed = Object.entries(report.failed);
  const failedCount = failed.reduce((sum, [, count]) => sum + count, 0);
  const lines = [
    `Sent to ${report.targets} token(s) in ${report.requests} request(s):`,
    `  successful     ${report.successful}`,
    `  already sent   ${report.alreadySent}${report.alreadySent === 0 ? '' : ' (delivered under this id before: not sent again)'}`,
    `  invalid        ${report.invalid}${report.invalid === 0 ? '' : ' (the client no longer honours them: removed from the store)'}`,
    `  rate-limited   ${report.rateLimited}${
      report.retryAt === undefined ? '' : ` (run again with the same --id after ${new Date(report.retryAt).toISOString()})`
    }`,
    ...(report.waited.tokens === 0
      ? []
      : [`  waited         ${seconds(report.waited.ms, Math.round)} s, for ${report.waited.tokens} token(s) within their rate window`]),
    `  failed         ${failedCount}`,
    ...failed.map(([reason, count]) => `    ${count}  ${reason}`),
    `  remaining      ${report.remaining}${report.remaining === 0 ? '' : ' (not tried: their client refused the notification)'}`,
    ...(report.expired === 0
      ? []
      : [`  expired        ${report.expired} (not sent: --expires-at had passed, or would have before they could be)`]),
  ];
  if (report.stopped.length > 0) {
    lines.push(
      'Stopped clients (they refused the notification itself; fix it, then run again with the same --id):',
      ...report.stopped.map(({ url, reason }) => `  ${url}: ${reason}${hint(reason)}`),
    );
  }
  return lines;
}

function hint(reason: string): string {
  if (reason === 'domain_mismatch' || reason === 'target_url_mismatch')
    return ' (--target-url must be on the domain of your Mini App manifest; --domain checks it before sending)';
  return '';
}

/** Who `to` names, for the line that says nobody holds a token. */
export function describeAudience(to: NotificationAudience, path: string | undefined): string {
  if (to === 'all') return 'any user';
  if (typeof to === 'number' || Array.isArray(to)) return `fid ${[to].flat().join(', ')}`;
  const parts = [
    path !== undefined ? `the FIDs of ${path}` : 'fids' in to && Array.isArray(to.fids) ? `fid ${to.fids.join(', ')}` : 'any user',
  ];
  if ('client' in to && to.client !== undefined) parts.push(`at client ${to.client}`);
  if ('exclude' in to && to.exclude !== undefined && to.exclude.length > 0) parts.push(`but fid ${to.exclude.join(', ')}`);
  if ('enabledSince' in to && to.enabledSince !== undefined) parts.push(`enabled since ${isoOf(to.enabledSince)}`);
  if ('enabledBefore' in to && to.enabledBefore !== undefined) parts.push(`enabled before ${isoOf(to.enabledBefore)}`);
  return parts.join(' ');
}

/** A checked audience time as ISO 8601. */
const isoOf = (time: AudienceTime): string => new Date(audienceTimeMs(time)!).toISOString();
