/**
 * The first BullMQ 5 with everything this package calls, its peer range's floor: job schedulers
 * (`upsertJobScheduler`, `getJobSchedulers`, `removeJobScheduler`: 5.16.0), `getJobScheduler`
 * (5.23.0), and `WaitingError` with `job.moveToWait(token)` from a running processor, which the
 * webhook worker's shutdown uses (5.55.0). BullMQ's changelog names each.
 */
export const MIN_BULLMQ = '5.55.0';

/** What `schedule()` says on a BullMQ without job schedulers. */
export const OLD_BULLMQ =
  `needs bullmq ${MIN_BULLMQ} or later (or 6): the installed bullmq has no queue.upsertJobScheduler (job schedulers came in 5.16.0). ` +
  `Install a bullmq within this package's peer range: npm install bullmq@^${MIN_BULLMQ}.`;
