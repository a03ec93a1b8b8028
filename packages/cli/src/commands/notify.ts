import { DEFAULT_NOTIFICATION_INTERVAL_MS, type NotificationReport } from '@social-webhooks/core';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { audienceFlags } from '../notify/audience-flags.js';
import { notificationFlags } from '../notify/notify-flags.js';
import { buildNotifier, notifierFlags } from '../notify/notifier-flags.js';
import { expiresAtFlag } from '../notify/expires-at-flag.js';
import { planNotification } from '../notify/plan.js';
import { openTokenSource } from '../notify/open-token-source.js';
import { describeAudience, notificationLine, planLines, reportLines, waitLine } from '../output/describe-notify.js';
import { print } from '../output/print.js';
import { startProgress, type Progress } from '../output/progress.js';

/**
 * `social-webhooks notify`: sends one Mini App notification from a token store, through the core's
 * `createNotifier` (batches of 100 per client URL, every answer read, our limits kept), to some users
 * or to all; `--dry-run` prints the plan and sends nothing. Exit code 1 unless every token was
 * delivered, already sent, or found invalid and removed.
 */
export const notifyCommand: Command = {
  name: 'notify',
  summary: "Send a Mini App notification to users' Farcaster clients from a Redis token store or the emulator; print the report.",
  usage:
    'notify --id ID --title TEXT --body TEXT --target-url URL (--to FID[,FID…] | --all | --fids-file PATH | --client FID|URL) [--exclude FID[,FID…]] [--client FID|URL] [--enabled-since TIME] [--enabled-before TIME] [--expires-at TIME] (--redis URL [--prefix P] [--no-history] | --emulator URL | --redis URL --queue NAME [--at TIME]) [--domain HOST] [--dry-run]',
  options: {
    id: {
      type: 'string',
      valueName: 'ID',
      description:
        'The notificationId (required), the retry key: a client delivers one id once per user within 24 hours, so running again with the same id notifies nobody twice. Make it from what it is about (daily-2026-11-26), never random.',
    },
    title: { type: 'string', valueName: 'TEXT', description: 'The title, at most 32 characters.' },
    body: { type: 'string', valueName: 'TEXT', description: 'The body, at most 128 characters.' },
    'target-url': {
      type: 'string',
      valueName: 'URL',
      description: "Where a tap opens: an https URL on your Mini App's domain, at most 1,024 characters.",
    },
    to: { type: 'string', valueName: 'FID[,FID…]', description: 'The users to notify, every client each added the app in.' },
    all: { type: 'boolean', description: 'Notify every user in the store (a broadcast, with a progress bar).' },
    'fids-file': {
      type: 'string',
      valueName: 'PATH',
      description:
        'Notify the FIDs of a file, one per line (blank lines, # comments and a first line "fid" skipped; in a CSV line the first field), read as a stream, never whole; checked to the end before anything is sent.',
    },
    exclude: { type: 'string', valueName: 'FID[,FID…]', description: 'Never notify these users, whoever the rest of the flags name.' },
    client: {
      type: 'string',
      valueName: 'FID|URL',
      description:
        "Only the tokens of one Farcaster client: its FID (9152 for Farcaster) or its notification URL. Alone, every user of that client; with --to, --all or --fids-file, those users' tokens at that client only.",
    },
    'enabled-since': {
      type: 'string',
      valueName: 'TIME',
      description:
        'Only the tokens enabled at this time or later (when the store first saved each: an ISO time such as 2026-11-01T00:00:00Z, or ms since the epoch). A token saved before the store kept that time is left out.',
    },
    'enabled-before': {
      type: 'string',
      valueName: 'TIME',
      description: 'Only the tokens enabled before this time, read as --enabled-since; a token with no enabled time is left out.',
    },
    'expires-at': {
      type: 'string',
      valueName: 'TIME',
      description:
        'When the notification stops being worth sending (an ISO time such as 2026-11-27T18:00:00Z, or ms since the epoch): a batch not sent by then, rate-limited or retried, is dropped and counted expired.',
    },
    queue: {
      type: 'string',
      valueName: 'NAME',
      description:
        'Queue the notification as a broadcast on this BullMQ queue of --redis (your notificationWorkers\' queue, "notifications" by default) for them to send; send nothing here.',
    },
    at: {
      type: 'string',
      valueName: 'TIME',
      description: 'With --queue: when the workers send it (an ISO time with its zone, or ms since the epoch); default at once.',
    },
    domain: {
      type: 'string',
      valueName: 'HOST',
      description:
        "Your Mini App's domain (example.com): refuse a --target-url elsewhere before sending, as clients would for every token.",
    },
    'dry-run': {
      type: 'boolean',
      description: 'Check the notification and print the plan (tokens, clients, requests per client URL); send nothing.',
    },
    redis: {
      type: 'string',
      valueName: 'URL',
      description: 'Read the tokens from a redisTokenStore on this Redis (redis://…), with its limits (redisNotificationLimiter).',
    },
    prefix: { type: 'string', valueName: 'P', description: "The token store's key prefix (default social-webhooks:miniapp-tokens:)." },
    'no-history': {
      type: 'boolean',
      description:
        'With --redis: write no history. By default each batch is recorded in a redisNotificationHistory on that Redis (prefix social-webhooks:history:), which broadcasts and timeline read.',
    },
    emulator: {
      type: 'string',
      valueName: 'URL',
      description: 'Read the tokens the local emulator issued and still honours (social-webhooks emulate prints its URL).',
    },
    'api-key': { type: 'string', valueName: 'KEY', description: "The emulator's API key (default: $WEBHOOKS_API_KEY)." },
    concurrency: {
      type: 'string',
      valueName: 'N',
      description: 'Requests in flight at once, across clients (default 64; at most 24 to one client URL).',
    },
    retries: {
      type: 'string',
      valueName: 'N',
      description: 'Retries of a request with no answer, a 5xx, a 429 or a broken 200, under the same id (default 4).',
    },
    'rate-limit-wait': {
      type: 'string',
      valueName: 'MS',
      description:
        'Wait up to MS milliseconds in all for a rate-limited token, sending it again each time its window passes (default 35000; 0 reports them at once).',
    },
    interval: {
      type: 'string',
      valueName: 'MS',
      description:
        "The least time between two notifications to one token, as your users' clients keep it: our limiter's interval, and the wait after a client answers a token rate-limited (default 30000, the recommended).",
    },
  },
  positionals: [],
  usesApi: false,
  examples: [
    'social-webhooks notify --redis redis://127.0.0.1:6379 --all --id daily-2026-11-26 --title "Your digest" --body "3 new casts" --target-url https://app.example.com/digest --domain app.example.com',
    'social-webhooks notify --emulator http://127.0.0.1:4010 --to 3,4 --id welcome-3 --title Welcome --body "Thanks for adding us" --target-url https://app.example.com/',
    'social-webhooks notify --redis redis://127.0.0.1:6379 --all --id daily-2026-11-26 --title "Your digest" --body "3 new casts" --target-url https://app.example.com/digest --dry-run',
    'social-webhooks notify --redis redis://127.0.0.1:6379 --queue notifications --at 2026-11-28T09:00:00Z --all --id launch-2026-11-28 --title Launch --body "The shop is open" --target-url https://app.example.com/shop',
  ],
  exitCodes: [
    `  ${EXIT_CODES.ok}   every token delivered, already sent under this --id, or invalid and removed (or none to notify); --dry-run done; --queue: queued (or queued already)`,
    `  ${EXIT_CODES.failed}   not every token delivered: some failed, a client refused the notification, some are rate-limited (the report says when to run again), or --expires-at passed first`,
    `  ${EXIT_CODES.usage}   usage error (bad flag or value, an invalid notification, no token source); nothing sent`,
    `  ${EXIT_CODES.network}   Redis or the emulator did not answer`,
  ],
  async run(context) {
    const notification = notificationFlags(context.values);
    const { to, file } = audienceFlags(context.values, context.io.cwd);
    const expiresAt = expiresAtFlag(context.values);
    if (context.values.queue !== undefined || context.values.at !== undefined) {
      // Loaded here, so a send in this process never loads bullmq.
      const { queueNotify } = await import('../notify/queue-notify.js');
      return queueNotify(context, { notification, to, expiresAt });
    }
    const options = notifierFlags(context);
    // A bad line in the file stops the command before anything is sent, however far down it is.
    await file?.check();
    const source = await openTokenSource(context, notification.notificationId);
    try {
      let progress: Progress | undefined;
      const notifier = buildNotifier({
        ...options,
        store: source.store,
        limiter: source.limiter,
        ...(source.history !== undefined && { history: source.history }),
        onBatch: (result) => progress?.onBatch(result),
        // A wait has no batch to show, and lasts up to --rate-limit-wait: one line as it starts, whatever the output.
        onWait: (wait) => {
          const line = waitLine(wait, options.rateLimitRetryMs ?? DEFAULT_NOTIFICATION_INTERVAL_MS);
          if (progress === undefined) context.io.stderr(`${line}\n`);
          else progress.say(line);
        },
      });
      const dryRun = context.values['dry-run'] === true;
      // A broadcast or a list shows its progress, against the plan's count; one user's send does not.
      const showProgress = !dryRun && !context.json && typeof to !== 'number';
      const plan = dryRun || showProgress ? await planNotification(source.store, to).catch(fail(source)) : undefined;
      if (dryRun) {
        print(context, { dryRun: true, notification, source: source.where, plan }, [
          notificationLine(notification),
          ...planLines(plan!, source),
          'Nothing sent (--dry-run). Our limits decide per token as it is sent: already sent under this id, or rate-limited.',
        ]);
        return EXIT_CODES.ok;
      }
      if (showProgress) context.io.stdout(`${[notificationLine(notification), ...planLines(plan!, source)].join('\n')}\n`);
      if (showProgress) progress = startProgress(context.io, plan!.targets);
      const report = await notifier.send(notification, { to, ...(expiresAt !== undefined && { expiresAt }) }).catch(fail(source));
      progress?.finish(report.targets);
      const retryAt = report.retryAt === undefined ? undefined : new Date(report.retryAt).toISOString();
      print(context, { notification, source: source.where, ...(plan !== undefined && { plan }), report: { ...report, retryAt } }, [
        ...(showProgress ? [] : [notificationLine(notification)]),
        ...(report.targets === 0 ? [`Nobody to notify: no token for ${describeAudience(to, file?.path)} in ${source.where}.`] : []),
        ...reportLines(report),
      ]);
      return delivered(report) ? EXIT_CODES.ok : EXIT_CODES.failed;
    } finally {
      await source.close();
    }
  },
};

/** Whether every token has its notification: delivered, already sent, or invalid and removed (nobody to reach). */
function delivered(report: NotificationReport): boolean {
  return (
    Object.keys(report.failed).length === 0 &&
    report.rateLimited === 0 &&
    report.remaining === 0 &&
    report.expired === 0 &&
    report.stopped.length === 0
  );
}

function fail(source: { failure(error: unknown): unknown }): (error: unknown) => never {
  return (error) => {
    throw source.failure(error);
  };
}
