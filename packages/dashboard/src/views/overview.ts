import { html, isoTime, type SafeHtml } from '../html.js';
import { hourlyCounts, MAX_SCANNED } from './hourly-counts.js';
import { refusals } from './refusals.js';
import type { ViewContext } from './view-context.js';

/** `GET base`: deliveries by sender and outcome, per hour over the last `hours`, and the dead letters each queue holds. */
export async function overview(context: ViewContext, now: number): Promise<SafeHtml> {
  const { options } = context;
  const base = options.basePath;
  const queues = await Promise.all(options.queues.map(async (queue) => [queue.name, (await queue.list({ limit: 1 })).total] as const));
  const dead = html`<h3>Dead letters</h3>
    ${
      queues.length === 0
        ? html`<p class="muted">No queue given (the <code>deadLetters</code> option).</p>`
        : html`<table>
            <tr>
              <th>Queue</th>
              <th>Dead letters</th>
            </tr>
            ${queues.map(
              ([name, total]) =>
                html`<tr>
                  <td><a href="${base}/dead-letters">${name}</a></td>
                  <td class="n">${total}</td>
                </tr>`,
            )}
          </table>`
    }`;
  if (options.archive === undefined)
    return html`<p class="muted">No delivery archive given (the <code>archive</code> option).</p>
      ${dead}`;
  const counts = await hourlyCounts(options.archive, now - options.hours * 60 * 60 * 1000);
  const link = (sender: string, code: string) => `${base}/deliveries?${new URLSearchParams({ sender, code }).toString()}`;
  const table =
    counts.rows.length === 0
      ? html`<p class="muted">No delivery archived in the last ${options.hours} hours.</p>`
      : html`<table id="hourly">
          <tr>
            <th>Hour (UTC)</th>
            ${counts.columns.map(([sender, code]) => html`<th><a href="${link(sender, code)}">${sender} ${code}</a></th>`)}
          </tr>
          ${counts.rows.map(
            (row) =>
              html`<tr>
                <td>${isoTime(row.hour)}</td>
                ${row.counts.map((count) => html`<td class="n">${count}</td>`)}
              </tr>`,
          )}
        </table>`;
  return html`<p>Deliveries archived in the last ${options.hours} hours, by sender and outcome, per hour.</p>
    ${table}${counts.truncated && html`<p class="muted">Counted the newest ${MAX_SCANNED} deliveries only.</p>`}${await refusals(
      options.archive,
    )}${dead}`;
}
