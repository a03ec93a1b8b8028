import type { CommandContext } from '../command.js';
import { openHistory, type OpenHistory } from './open-history.js';

/** Opens the history of the flags, runs `read` on it, and closes it; a failed read is a `network_error` naming where. */
export async function readHistory<T>(context: CommandContext, command: string, read: (open: OpenHistory) => Promise<T>): Promise<T> {
  // Loaded here, so the other commands never load the Redis clients.
  const open = await openHistory(context, command);
  try {
    return await read(open).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'invalid_options') throw error;
      throw open.failure(error);
    });
  } finally {
    await open.close();
  }
}
