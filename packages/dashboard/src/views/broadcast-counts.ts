import { HISTORY_OUTCOMES, type HistoryCounts } from '@social-webhooks/core';
import { html, type SafeHtml } from '../html.js';

/** The outcome columns' headings, in the history's order. */
export const OUTCOME_LABELS: Readonly<Record<(typeof HISTORY_OUTCOMES)[number], string>> = {
  successful: 'Delivered',
  alreadySent: 'Already sent',
  invalid: 'Invalid',
  rateLimited: 'Rate-limited',
  failed: 'Failed',
  expired: 'Expired',
  remaining: 'Remaining',
  cancelled: 'Cancelled',
};

/** A heading cell per outcome. */
export function outcomeHeadings(): SafeHtml {
  return html`${HISTORY_OUTCOMES.map((outcome) => html`<th>${OUTCOME_LABELS[outcome]}</th>`)}`;
}

/** A cell per outcome: the targets whose last outcome it is. */
export function outcomeCells(counts: HistoryCounts): SafeHtml {
  return html`${HISTORY_OUTCOMES.map(
    (outcome) => html`<td class="n${outcome === 'failed' && counts.failed > 0 ? ' bad' : ''}">${counts[outcome]}</td>`,
  )}`;
}
