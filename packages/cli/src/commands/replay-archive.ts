import type { DeliveryArchive, ReplayedDelivery, ReplayReport } from '@social-webhooks/core';
import { connectPostgres } from '../args/connect-postgres.js';
import { connectRedis } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext, OptionSpec } from '../command.js';
import { EXIT_CODES, type ExitCode } from '../exit-codes.js';
import { print } from '../output/print.js';
import { QUEUE_OPTIONS } from '../queue/queue-options.js';
import { replayReceiver } from './replay-receiver.js';

/** The flags of `replay --archive`. */
export const ARCHIVE_REPLAY_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  archive: {
    type: 'boolean',
    description: 'Replay from the delivery archive in Redis (redisDeliveryArchive), or in PostgreSQL with --postgres, not the emulator.',
  },
  postgres: {
    type: 'string',
    valueName: 'URL',
    description: 'With --archive: the archive is postgresDeliveryArchive in this PostgreSQL (postgres:// URL), not Redis.',
  },
  since: {
    type: 'string',
    valueName: 'TIME',
    description: 'With --archive: deliveries that arrived at or after TIME (ISO 8601, or ms since the epoch).',
  },
  until: { type: 'string', valueName: 'TIME', description: 'With --archive: deliveries that arrived before TIME (default: now).' },
  sender: {
    type: 'string',
    valueName: 'NAME',
    description: 'With --archive: neynar, miniapp or airstack; required to send (one queue a sender).',
  },
  event: { type: 'string', valueName: 'NAME', description: 'With --archive: only this event name.' },
  code: {
    type: 'string',
    valueName: 'CODE',
    description: 'With --archive: only deliveries whose recorded outcome has this code (handler_failed, …).',
  },
  'dry-run': { type: 'boolean', description: 'With --archive: say how many and which would be replayed, and send nothing.' },
  force: { type: 'boolean', description: 'With --archive: replay deliveries already handled too.' },
  rate: { type: 'string', valueName: 'N', description: 'With --archive: at most N deliveries a second (default 10).' },
  checkpoint: {
    type: 'string',
    valueName: 'NAME',
    description: 'With --archive: keep the progress under NAME; run again to go on after a crash.',
  },
  'archive-prefix': {
    type: 'string',
    valueName: 'PREFIX',
    description:
      "With --archive: the archive's key prefix (default social-webhooks:archive:); with --postgres, its tables' prefix (default social_webhooks_).",
  },
  ...QUEUE_OPTIONS,
};

/**
 * `social-webhooks replay --archive`: the archived deliveries of a window, from the Redis archive;
 * with `--dry-run`, listed; otherwise queued again through `bullmqHandoff` on `--queue`, where the
 * app's workers run today's handlers (the CLI has none of its own).
 */
export async function replayArchive(context: CommandContext): Promise<ExitCode> {
  const flag = (name: string) => stringFlag(context.values, name, 'replay');
  const dryRun = context.values['dry-run'] === true;
  const sender = flag('sender');
  if (!dryRun && sender === undefined) {
    throw new CliError(
      'usage_error',
      'replay --archive sends to a queue of one sender: give --sender neynar, miniapp or airstack (or --dry-run)',
      { command: 'replay' },
    );
  }
  const rateText = flag('rate') ?? '10';
  const rate = Number(rateText);
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new CliError('usage_error', `--rate expects a positive number, got ${JSON.stringify(rateText)}`, { command: 'replay' });
  const { replay } = await import('@social-webhooks/core');
  const store = await openArchive(context, flag('postgres'), flag('archive-prefix'), flag('redis-url'));
  const { archive, where } = store;
  const target = await replayReceiver(context, sender, archive, dryRun).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  try {
    const report = await replay({
      receiver: target.receiver,
      ...window(flag('since'), flag('until')),
      ...(sender !== undefined && { sender }),
      ...(flag('event') !== undefined && { eventName: flag('event')! }),
      ...(flag('code') !== undefined && { code: flag('code')! }),
      ...(flag('checkpoint') !== undefined && { checkpoint: flag('checkpoint')! }),
      dryRun,
      force: context.values.force === true,
      ratePerSecond: rate,
    });
    print(context, report, describeReport(report, target.where));
    return report.failed === 0 ? EXIT_CODES.ok : EXIT_CODES.failed;
  } catch (error) {
    if ((error as { code?: string }).code === 'invalid_options')
      throw new CliError('usage_error', (error as Error).message, { command: 'replay' });
    throw new CliError('network_error', `${(error as Error).message} (${where})`, { command: 'replay', cause: error });
  } finally {
    await target.close();
    await store.close();
  }
}

/** The archive of `--postgres URL`, else of the Redis at `--redis-url` (or REDIS_URL), at `--archive-prefix`. */
async function openArchive(
  context: CommandContext,
  postgresUrl: string | undefined,
  prefix: string | undefined,
  redisUrl: string | undefined,
): Promise<{ archive: DeliveryArchive; where: string; close(): Promise<void> | void }> {
  const options = { ...(prefix !== undefined && { prefix }), ...(context.timeoutMs !== undefined && { timeoutMs: context.timeoutMs }) };
  if (postgresUrl !== undefined) {
    const postgres = connectPostgres(context, postgresUrl, '--postgres', 'replay');
    const { postgresDeliveryArchive } = await import('@social-webhooks/postgres');
    return {
      archive: postgresDeliveryArchive({ client: postgres.pool, ...options }),
      where: postgres.where,
      close: () => postgres.close(),
    };
  }
  const url = redisUrl ?? nonEmpty(context.io.env.REDIS_URL) ?? 'redis://127.0.0.1:6379';
  const { redisDeliveryArchive } = await import('@social-webhooks/redis');
  const redis = await connectRedis(context, url, '--redis-url', 'replay');
  return { archive: redisDeliveryArchive({ client: redis.client, ...options }), where: redis.where, close: () => redis.close() };
}

function window(since: string | undefined, until: string | undefined): { since?: number; until?: number } {
  const at = (text: string, name: string) => {
    const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
    if (!Number.isFinite(ms))
      throw new CliError('usage_error', `--${name} expects an ISO 8601 time or ms since the epoch, got ${JSON.stringify(text)}`, {
        command: 'replay',
      });
    return ms;
  };
  return { ...(since !== undefined && { since: at(since, 'since') }), ...(until !== undefined && { until: at(until, 'until') }) };
}

function describeReport(report: ReplayReport, where: string): string[] {
  const head = report.dryRun
    ? `${report.matched} archived deliveries: ${report.replayed} would be replayed, ${report.skipped} skipped (nothing sent).`
    : `${report.matched} archived deliveries to ${where}: ${report.replayed} replayed, ${report.skipped} skipped, ${report.failed} failed.`;
  return [head, ...report.deliveries.map(line)];
}

function line(delivery: ReplayedDelivery): string {
  return `  ${delivery.id}  ${new Date(delivery.receivedAt).toISOString()}  ${delivery.eventName ?? '-'}  ${delivery.recorded} -> ${delivery.outcome} (${delivery.code})`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
