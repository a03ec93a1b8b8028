import {
  migrate,
  postgresBroadcastRecords,
  postgresNotificationHistory,
  postgresNotificationLimiter,
  postgresTokenStore,
} from '@social-webhooks/postgres';
import { describe, expect, it } from 'vitest';
import { cli, cliCancelRecordsSuite } from './support/cli-cancel-records.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// `social-webhooks cancel ID --records --postgres URL` on broadcasts of createBroadcasts kept in a real
// PostgreSQL (support/postgres-server.ts), each case in tables of its own prefix, which the history
// the command writes shares.
describe.skipIf(postgresBinaries === undefined)('cancel --records on PostgreSQL', () => {
  const db = usePostgres();
  cliCancelRecordsSuite('postgres', {
    stores: async (tag) => {
      const prefix = `cli_cancel_${tag}_`;
      await migrate({ client: db.pool, prefix });
      const at = { client: db.pool, prefix };
      return {
        store: postgresTokenStore(at),
        limiter: postgresNotificationLimiter(at),
        records: postgresBroadcastRecords(at),
        history: postgresNotificationHistory(at),
      };
    },
    cli: (tag) => ({ args: ['--records', '--postgres', db.server.url, '--prefix', `cli_cancel_${tag}_`], env: {} }),
  });

  it('tables never made (no migrate() with that prefix): exit 4, saying so; a prefix PostgreSQL cannot take: exit 2', async () => {
    const missing = await cli(['cancel', 'some-id', '--records', '--postgres', db.server.url, '--prefix', 'never_made_']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(
      /failed while cancelling: .*relation "never_made_broadcasts" does not exist\. Create the tables first: await migrate/,
    );
    const bad = await cli(['cancel', 'some-id', '--records', '--postgres', db.server.url, '--prefix', 'Bad-Prefix']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/`prefix` must be lower-case letters, digits and _/);
  });
});
