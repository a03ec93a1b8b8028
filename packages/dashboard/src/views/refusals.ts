import { html, type SafeHtml } from '../html.js';
import type { DeliveryArchiveReader } from '../types.js';

/**
 * The deliveries refused before their event was read (forgeries among them), by code: never kept,
 * only counted. Every instance's when the archive keeps them in its store (`refusedTotals`), else
 * this process's (`refusedCounts`).
 */
export async function refusals(archive: DeliveryArchiveReader): Promise<SafeHtml> {
  const shared = archive.refusedTotals !== undefined;
  if (!shared && archive.refusedCounts === undefined) return html``;
  const counts = shared ? await archive.refusedTotals!() : archive.refusedCounts!();
  const rows = Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const whose = shared ? 'counted by every instance sharing the archive' : 'counted by this process since it started';
  return html`<h3>Refused</h3>
    <p>Deliveries refused before their event was read (a forgery among them), ${whose}: counted, never kept.</p>
    ${
      rows.length === 0
        ? html`<p class="muted">None refused.</p>`
        : html`<table id="refused">
            <tr>
              <th>Code</th>
              <th>Refused</th>
            </tr>
            ${rows.map(
              ([code, count]) =>
                html`<tr>
                  <td>${code}</td>
                  <td class="n">${count}</td>
                </tr>`,
            )}
          </table>`
    }`;
}
