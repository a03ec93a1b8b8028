import { isWebhookError } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { cancelExitCode, cancelLine } from '../output/describe-cancel.js';
import { print } from '../output/print.js';

/**
 * `cancel ID --records …`: cancels the broadcast `ID` of `createBroadcasts` kept in Redis or
 * PostgreSQL through its `cancel(id)`, answering what it answers. It returns once no batch of the
 * broadcast is live (a request on the wire is answered, or its `timeoutMs` passes), so nothing of it
 * is sent after this, by any run in any process. When no run holds the broadcast's lease, this
 * closes the record: what it held is counted `cancelled`, in the record and in the history (the same
 * store's, unless `--no-history`); a run that holds it does so at its next batch.
 * @throws {CliError} `usage_error` for bad flags; `network_error` when the store does not answer within `--timeout`.
 */
export async function cancelRecorded(context: CommandContext, id: string, command: string): Promise<number> {
  // Loaded here, so the other commands never load the Redis and PostgreSQL clients.
  const { openRecords } = await import('./open-records.js');
  const open = await openRecords(context, command);
  try {
    const answer = await open.broadcasts.cancel(id).catch((error: unknown) => {
      if (isWebhookError(error) && error.code === 'invalid_options')
        throw new CliError('usage_error', 'ID is the id start() answered (the notificationId, for a broadcast to all)', {
          command,
          cause: error,
        });
      throw open.failure(error);
    });
    print(context, { ...answer, records: open.where }, [cancelLine(id, answer.cancelled, 'records', open.where)]);
    return cancelExitCode(answer.cancelled);
  } finally {
    await open.close();
  }
}
