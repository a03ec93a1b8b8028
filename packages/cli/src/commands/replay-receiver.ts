import type { DeliveryArchive, ReplayOptions } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** Whose handlers a CLI replay runs: a queue's (the app's workers), or, for a dry run, none. */
export interface ReplayTarget {
  readonly receiver: ReplayOptions['receiver'];
  readonly where: string;
  close(): Promise<void>;
}

/**
 * A receiver whose only step after the archive is `bullmqHandoff` on `--queue`: replayed deliveries
 * become jobs like any other, for the app's workers. Its sender is built for its name, its keys and
 * its event names alone: a replay never runs the sender's check, so it needs no secret. A dry run
 * sends nothing and opens no queue.
 */
export async function replayReceiver(
  context: CommandContext,
  sender: string | undefined,
  archive: DeliveryArchive,
  dryRun: boolean,
): Promise<ReplayTarget> {
  const core = await import('@social-webhooks/core');
  const senders = {
    neynar: () => core.neynarSender({ secrets: () => undefined }),
    miniapp: () => core.miniAppSender({ verifyAppKey: async () => ({ valid: false }) }),
    airstack: () => core.airstackSender({ secret: () => undefined }),
  } as const;
  const name = sender ?? 'airstack';
  if (!Object.hasOwn(senders, name)) {
    throw new CliError('usage_error', `--sender expects neynar, miniapp or airstack, got ${JSON.stringify(name)}`, { command: 'replay' });
  }
  const chosen = senders[name as keyof typeof senders]() as never;
  const handoff = { enqueue: async () => undefined };
  if (dryRun)
    return { receiver: { sender: chosen, archive, handoff, logger: false }, where: 'nowhere (dry run)', close: async () => undefined };
  const [{ openQueue }, { bullmqHandoff }] = await Promise.all([import('../queue/open-queue.js'), import('@social-webhooks/bullmq')]);
  const open = openQueue(context, 'replay');
  return {
    receiver: { sender: chosen, archive, handoff: bullmqHandoff({ queue: open.queue }), logger: false },
    where: open.where,
    close: () => open.close(),
  };
}
