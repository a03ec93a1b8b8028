import { html, isoTime, type SafeHtml } from '../html.js';
import type { DeadLetterQueue } from '../types.js';
import type { ViewContext } from './view-context.js';

/** Dead letters listed per queue on one page. */
export const LISTED = 100;

/** `GET base/dead-letters`: each queue's newest dead letters, with a retry button each and one for all listed. */
export async function deadLetterList(context: ViewContext): Promise<SafeHtml> {
  const { options } = context;
  if (options.queues.length === 0) return html`<p class="muted">No queue given (the <code>deadLetters</code> option).</p>`;
  const sections = await Promise.all(options.queues.map((queue) => section(options.basePath, queue)));
  return html`<p>Jobs that failed all their attempts. Retry moves one back to its queue with its attempts reset.</p>
    ${sections}`;
}

async function section(base: string, queue: DeadLetterQueue): Promise<SafeHtml> {
  const { total, jobs } = await queue.list({ limit: LISTED });
  const hidden = html`<input type="hidden" name="queue" value="${queue.name}" />`;
  return html`<section class="queue" data-queue="${queue.name}">
    <h3>${queue.name}: ${total} dead letter${total === 1 ? '' : 's'}${total > jobs.length && html`, the newest ${jobs.length} listed`}</h3>
    ${
      jobs.length === 0
        ? html`<p class="muted">None.</p>`
        : html`<table class="dead-letters">
              <tr>
                <th>Job</th>
                <th>Event</th>
                <th>Attempts</th>
                <th>Failed (UTC)</th>
                <th>Last error</th>
                <th></th>
              </tr>
              ${jobs.map(
                (job) =>
                  html`<tr data-id="${job.id}">
                    <td>${job.id}</td>
                    <td>${job.eventName}</td>
                    <td class="n">${job.attemptsMade}</td>
                    <td>${isoTime(job.failedAt)}</td>
                    <td class="bad">${job.failedReason}</td>
                    <td>
                      <form method="post" action="${base}/dead-letters/retry">
                        ${hidden}<input type="hidden" name="id" value="${job.id}" /><button type="submit" class="retry">Retry</button>
                      </form>
                    </td>
                  </tr>`,
              )}
            </table>
            <form method="post" action="${base}/dead-letters/retry">
              ${hidden}<input type="hidden" name="all" value="1" /><button type="submit" class="retry-all">
                Retry all ${jobs.length} listed
              </button>
            </form>`
    }
  </section>`;
}
