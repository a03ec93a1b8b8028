import type { BroadcastHistory } from '@social-webhooks/core';
import { html, isoTime, type SafeHtml } from '../html.js';
import { outcomeCells, outcomeHeadings } from './broadcast-counts.js';

const byKey = <T>([a]: readonly [string, T], [b]: readonly [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `GET base/broadcasts/<notificationId>`: one notification's text, its targets by outcome, its
 * failures by reason, the same counts per client (its FID, or its notification URL's host), and
 * its opens when the history is `withOpens`. The history keeps no token, so none can show.
 */
export function broadcastDetail(broadcast: BroadcastHistory): SafeHtml {
  const reasons = Object.entries(broadcast.byReason).sort(byKey);
  const clients = Object.entries(broadcast.byClient).sort(byKey);
  const { opens } = broadcast;
  return html`<table id="broadcast">
      <tr>
        <th>Notification id</th>
        <td>${broadcast.notificationId}</td>
      </tr>
      <tr>
        <th>Title</th>
        <td>${broadcast.title}</td>
      </tr>
      <tr>
        <th>Body</th>
        <td>${broadcast.body}</td>
      </tr>
      <tr>
        <th>Target URL</th>
        <td>${broadcast.targetUrl}</td>
      </tr>
      <tr>
        <th>Started (UTC)</th>
        <td>${isoTime(broadcast.startedAt)}</td>
      </tr>
      <tr>
        <th>Last (UTC)</th>
        <td>${isoTime(broadcast.updatedAt)}</td>
      </tr>
    </table>
    <h3>Targets by outcome</h3>
    <table id="outcomes">
      <tr>
        ${outcomeHeadings()}
      </tr>
      <tr>
        ${outcomeCells(broadcast.counts)}
      </tr>
    </table>
    <h3>Failed, by reason</h3>
    ${
      reasons.length === 0
        ? html`<p class="muted">No target failed.</p>`
        : html`<table id="reasons">
            <tr>
              <th>Reason</th>
              <th>Targets</th>
            </tr>
            ${reasons.map(
              ([reason, count]) =>
                html`<tr>
                  <td>${reason}</td>
                  <td class="n">${count}</td>
                </tr>`,
            )}
          </table>`
    }
    <h3>By client</h3>
    <table id="clients">
      <tr>
        <th>Client</th>
        ${outcomeHeadings()}${
          opens !== undefined &&
          html`<th>Opens</th>
            <th>Unique opens</th>`
        }
      </tr>
      ${clients.map(
        ([client, counts]) =>
          html`<tr data-client="${client}">
            <td>${client}</td>
            ${outcomeCells(counts)}${
              opens !== undefined &&
              html`<td class="n">${opens.byClient[client]?.opens ?? 0}</td>
                <td class="n">${opens.byClient[client]?.uniqueOpens ?? 0}</td>`
            }
          </tr>`,
      )}
    </table>
    ${
      opens !== undefined &&
      html`<h3>Opens</h3>
        <p id="opens">${opens.opens} opens by ${opens.uniqueOpens} users (the Mini App's launches from this notification).</p>`
    }`;
}
