import { errorResponse } from '../dashboard-error.js';
import { html, isoTime, type SafeHtml } from '../html.js';
import { outcomeCells, outcomeHeadings } from './broadcast-counts.js';
import type { ViewContext } from './view-context.js';

const PAGE = 20;
/** What the history's views say without the `history` option. */
export const NO_HISTORY = html`<p class="muted">No notification history given (the <code>history</code> option).</p>`;

/**
 * `GET base/broadcasts`: the notifications sent, newest first, 20 a page with the history's cursor:
 * each one's title, when, the targets by outcome, and opens when the history is `withOpens`.
 */
export async function broadcasts(context: ViewContext): Promise<SafeHtml | Response> {
  const { options, url } = context;
  if (options.history === undefined) return NO_HISTORY;
  const cursor = url.searchParams.get('cursor') ?? '';
  // The history's cursor is `<startedAt>.<notificationId>`: anything else is refused here, not read.
  if (cursor !== '' && !/^\d+\../.test(cursor)) return errorResponse('invalid_request', '`cursor` is the one an Older link carries.');
  const page = await options.history.list({ limit: PAGE, ...(cursor !== '' && { cursor }) });
  const withOpens = page.broadcasts.some((broadcast) => broadcast.opens !== undefined);
  const base = options.basePath;
  if (page.broadcasts.length === 0)
    return html`<p class="muted">${cursor === '' ? 'No notification recorded.' : 'No older notification.'}</p>`;
  return html`<p>Notifications sent, newest first, by the last outcome of each target.</p>
    <table id="broadcasts">
      <tr>
        <th>Title</th>
        <th>Notification id</th>
        <th>Started (UTC)</th>
        <th>Last (UTC)</th>
        ${outcomeHeadings()}${
          withOpens &&
          html`<th>Opens</th>
            <th>Unique opens</th>`
        }
      </tr>
      ${page.broadcasts.map(
        (broadcast) =>
          html`<tr data-id="${broadcast.notificationId}">
            <td><a href="${base}/broadcasts/${encodeURIComponent(broadcast.notificationId)}">${broadcast.title}</a></td>
            <td>${broadcast.notificationId}</td>
            <td>${isoTime(broadcast.startedAt)}</td>
            <td>${isoTime(broadcast.updatedAt)}</td>
            ${outcomeCells(broadcast.counts)}${
              withOpens &&
              html`<td class="n">${broadcast.opens?.opens ?? 0}</td>
                <td class="n">${broadcast.opens?.uniqueOpens ?? 0}</td>`
            }
          </tr>`,
      )}
    </table>
    ${
      page.cursor !== undefined &&
      html`<p><a href="${base}/broadcasts?${new URLSearchParams({ cursor: page.cursor }).toString()}">Older</a></p>`
    }
    <p><a href="${base}/timeline">A user's timeline</a></p>`;
}
