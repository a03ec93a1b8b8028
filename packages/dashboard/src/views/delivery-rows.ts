import { html, isoTime, type SafeHtml } from '../html.js';
import type { ArchivedDelivery } from '../types.js';

/** A table of deliveries, each linked to its detail, with a replay button when the app gave `replay`. */
export function deliveryRows(base: string, deliveries: readonly ArchivedDelivery[], canReplay: boolean): SafeHtml {
  if (deliveries.length === 0) return html`<p class="muted">No delivery matches.</p>`;
  return html`<table class="deliveries">
    <tr>
      <th>Received (UTC)</th>
      <th>Sender</th>
      <th>Event</th>
      <th>Status</th>
      <th>Code</th>
      <th>Replays</th>
      <th></th>
    </tr>
    ${deliveries.map(
      (delivery) =>
        html`<tr data-id="${delivery.id}">
          <td>${isoTime(delivery.receivedAt)}</td>
          <td>${delivery.sender}</td>
          <td>${delivery.eventName ?? ''}</td>
          <td class="n${delivery.status >= 500 ? ' bad' : ''}">${delivery.status}</td>
          <td>${delivery.code}</td>
          <td class="n">${delivery.replays}</td>
          <td>
            <a href="${base}/deliveries/${encodeURIComponent(delivery.id)}">Detail</a> ${canReplay && replayButton(base, delivery.id)}
          </td>
        </tr>`,
    )}
  </table>`;
}

/** A form that posts one delivery's id to the replay action. */
export function replayButton(base: string, id: string): SafeHtml {
  return html`<form method="post" action="${base}/replay">
    <input type="hidden" name="id" value="${id}" /><button type="submit" class="replay">Replay</button>
  </form>`;
}
