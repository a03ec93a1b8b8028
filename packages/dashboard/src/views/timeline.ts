import { TIMELINE_LIMIT } from '@social-webhooks/core';
import { errorResponse } from '../dashboard-error.js';
import { html, isoTime, type SafeHtml } from '../html.js';
import { NO_HISTORY } from './broadcasts.js';
import type { ViewContext } from './view-context.js';

/**
 * `GET base/timeline?fid=`: a small form for a user's FID, and what that user was sent, newest
 * first, each notification with every attempt at their tokens (when, which client, how it ended).
 * The history keeps no token: a target is its FID and its client.
 */
export async function timeline(context: ViewContext): Promise<SafeHtml | Response> {
  const { options, url } = context;
  if (options.history === undefined) return NO_HISTORY;
  const base = options.basePath;
  const given = (url.searchParams.get('fid') ?? '').trim();
  const form = html`<form method="get" action="${base}/timeline">
    <label>FID <input name="fid" value="${given}" size="10" inputmode="numeric" /></label> <button type="submit">Show</button>
  </form>`;
  if (given === '')
    return html`${form}
      <p class="muted">A user's FID shows the notifications they were sent.</p>`;
  const fid = Number(given);
  if (!/^\d{1,15}$/.test(given) || !Number.isSafeInteger(fid) || fid <= 0)
    return errorResponse('invalid_request', "`fid` must be a positive whole number: a Farcaster user's FID.");
  const entries = await options.history.timeline(fid, { limit: TIMELINE_LIMIT });
  if (entries.length === 0)
    return html`${form}
      <p class="muted">No notification recorded for FID ${fid}.</p>`;
  return html`${form}
    <p>What FID ${fid} was sent, newest first: every attempt at their tokens, oldest first within a notification.</p>
    <table id="timeline">
      <tr>
        <th>Notification</th>
        <th>Title</th>
        <th>At (UTC)</th>
        <th>Client</th>
        <th>Outcome</th>
        <th>Reason</th>
      </tr>
      ${entries.map((entry) =>
        entry.attempts.map(
          (attempt, index) =>
            html`<tr data-id="${entry.notificationId}">
              <td>
                ${index === 0 && html`<a href="${base}/broadcasts/${encodeURIComponent(entry.notificationId)}">${entry.notificationId}</a>`}
              </td>
              <td>${index === 0 && entry.title}</td>
              <td>${isoTime(attempt.at)}</td>
              <td>${attempt.client}</td>
              <td class="${attempt.outcome === 'failed' ? 'bad' : ''}">${attempt.outcome}${attempt.final ? '' : ' (tried again)'}</td>
              <td>${attempt.reason ?? ''}</td>
            </tr>`,
        ),
      )}
    </table>`;
}
