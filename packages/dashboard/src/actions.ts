import { errorResponse } from './dashboard-error.js';
import type { ResolvedDashboardOptions } from './options.js';
import { readForm } from './same-origin.js';
import { LISTED } from './views/dead-letter-list.js';

/** `POST base/dead-letters/retry`: `queue` and `id`, or `queue` and `all=1` (the newest listed); then back to the list. */
export async function retryAction(options: ResolvedDashboardOptions, request: Request): Promise<Response> {
  const form = await readForm(request);
  const queue = options.queues.find((candidate) => candidate.name === form?.get('queue'));
  const id = form?.get('id');
  const all = form?.get('all') === '1';
  if (form === undefined || queue === undefined || (id === null || id === '') === !all) {
    return errorResponse('invalid_request', 'Post a form with `queue` (a configured queue) and `id`, or `all=1`.');
  }
  const ids = all ? (await queue.list({ limit: LISTED })).jobs.map((job) => job.id) : [id!];
  if (ids.length > 0) await queue.retry(ids);
  return redirect(`${options.basePath}/dead-letters?notice=${all ? 'retried_all' : 'retried'}`);
}

/** `POST base/replay`: `id`, an archived delivery; sent to the app's `replay`, then back to the delivery. */
export async function replayAction(options: ResolvedDashboardOptions, request: Request): Promise<Response> {
  const { replay, archive } = options;
  if (replay === undefined) return errorResponse('not_found', 'This page has no replay: give `replay` to dashboardHandler().');
  const id = (await readForm(request))?.get('id');
  if (id === undefined || id === null || id === '') return errorResponse('invalid_request', "Post a form with the delivery's `id`.");
  if (archive !== undefined && (await archive.get(id)) === undefined)
    return errorResponse('not_found', 'No archived delivery has this id.');
  try {
    await replay([id]);
  } catch (error) {
    console.error('@social-webhooks/dashboard: replay() failed.', error);
    return errorResponse('replay_failed', 'The replay function failed; nothing was confirmed replayed. Try again.');
  }
  return redirect(`${options.basePath}/deliveries/${encodeURIComponent(id)}?notice=replayed`);
}

// 303: the browser follows with a GET, so reloading the page it lands on posts nothing again.
function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
