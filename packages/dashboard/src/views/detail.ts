import { html, isoTime, type SafeHtml } from '../html.js';
import { shownBody, shownHeader } from '../mask.js';
import type { ArchivedDelivery } from '../types.js';
import { replayButton } from './delivery-rows.js';
import type { ViewContext } from './view-context.js';

/** `GET base/deliveries/:id`: one delivery, its headers and its body as JSON, every token and secret masked. */
export function detail(context: ViewContext, delivery: ArchivedDelivery): SafeHtml {
  const { options } = context;
  const facts: readonly (readonly [string, string | number])[] = [
    ['Id', delivery.id],
    ['Sender', delivery.sender],
    ['Event', delivery.eventName ?? ''],
    ['Received (UTC)', isoTime(delivery.receivedAt)],
    ['Status', delivery.status],
    ['Code', delivery.code],
    ['Delivery key', delivery.deliveryKey ?? ''],
    ['Replays', delivery.replays],
  ];
  return html`<table id="facts">
      ${facts.map(
        ([name, value]) =>
          html`<tr>
            <th>${name}</th>
            <td>${value}</td>
          </tr>`,
      )}
    </table>
    ${options.replay !== undefined && html`<p>${replayButton(options.basePath, delivery.id)}</p>`}
    <h3>Headers</h3>
    <table id="headers">
      ${Object.entries(delivery.headers).map(
        ([name, value]) =>
          html`<tr>
            <th>${name}</th>
            <td>${shownHeader(name, value)}</td>
          </tr>`,
      )}
    </table>
    <h3>Body</h3>
    <pre id="body">${shownBody(delivery.body)}</pre>`;
}
