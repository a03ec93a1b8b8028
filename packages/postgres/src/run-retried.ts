import { run, type PostgresQueryable } from './query.js';

/**
 * Runs a statement again when PostgreSQL chose it as a deadlock's victim (40P01; two batches of
 * one notification locking a user's rows in turn): the statement was rolled back whole, so running
 * it again adds its counts once.
 */
export async function runRetried(client: PostgresQueryable, text: string, values: (string | null)[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(client, text, values);
      return;
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== '40P01' || attempt === 3) throw error;
    }
  }
}
