import { html, type SafeHtml } from '../html.js';
import type { ArchiveQuery, ArchivedDelivery } from '../types.js';
import { deliveryRows } from './delivery-rows.js';
import type { ViewContext } from './view-context.js';

const PAGE = 50;
const FILTERS = ['sender', 'eventName', 'code'] as const;

/** `GET base/deliveries`: the newest deliveries, filtered by `sender`, `eventName` and `code`, 50 a page. */
export async function deliveries(context: ViewContext): Promise<SafeHtml> {
  const { options, url } = context;
  if (options.archive === undefined) return html`<p class="muted">No delivery archive given (the <code>archive</code> option).</p>`;
  const query: Record<string, string | number> = { limit: PAGE };
  for (const name of [...FILTERS, 'cursor'] as const) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') query[name] = value;
  }
  const page = await options.archive.list(query as ArchiveQuery);
  const next = new URLSearchParams(url.searchParams);
  if (page.cursor !== undefined) next.set('cursor', page.cursor);
  return html`<form method="get" action="${options.basePath}/deliveries">
      ${FILTERS.map(
        (name) => html`<label>${name} <input name="${name}" value="${url.searchParams.get(name) ?? ''}" size="14" /></label> `,
      )}<button type="submit">Filter</button>
    </form>
    ${deliveryRows(options.basePath, page.deliveries, options.replay !== undefined)}${
      page.cursor !== undefined && html`<p><a href="${options.basePath}/deliveries?${next.toString()}">Older</a></p>`
    }`;
}

/** `GET base/failures`: deliveries of the last `hours` answered (or ended) 5xx, newest first, at most 50 of the first 5,000 read. */
export async function failures(context: ViewContext, now: number): Promise<SafeHtml> {
  const { options } = context;
  if (options.archive === undefined) return html`<p class="muted">No delivery archive given (the <code>archive</code> option).</p>`;
  const failed: ArchivedDelivery[] = [];
  let cursor: string | undefined;
  let read = 0;
  do {
    const page = await options.archive.list({
      since: now - options.hours * 60 * 60 * 1000,
      limit: 500,
      ...(cursor !== undefined && { cursor }),
    });
    read += page.deliveries.length;
    failed.push(...page.deliveries.filter((delivery) => delivery.status >= 500));
    cursor = page.cursor;
  } while (cursor !== undefined && failed.length < PAGE && read < 5000);
  return html`<p>
      Deliveries of the last ${options.hours} hours answered 5xx, or whose handler failed after an early
      answer.${options.replay !== undefined && ' Replay sends one through your handlers again.'} Dead letters of the queue are on
      <a href="${options.basePath}/dead-letters">their own page</a>.
    </p>
    ${deliveryRows(options.basePath, failed.slice(0, PAGE), options.replay !== undefined)}`;
}
