import {
  fromPostgresJs,
  migrate,
  postgresBroadcastRecords,
  postgresNotificationLimiter,
  postgresTokenStore,
  type PostgresQueryable,
} from '@social-webhooks/postgres';
import { beforeAll, describe } from 'vitest';
import { killedRunTest } from './support/broadcast-kill.js';
import { broadcastCancelSuite } from './support/broadcast-cancel-suite.js';
import { broadcastSuite, type BroadcastBackend } from './support/broadcast-suite.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// Resumable broadcasts on a real PostgreSQL server (support/postgres-server.ts): the shared suite on
// pg and on postgres.js (which sends each parameter as text and would re-encode one cast straight to
// jsonb), and a run in a child process SIGKILLed at a third. Each suite's stores get tables of their own.
const PREFIXES = Array.from({ length: 40 }, (_, index) => `broadcasts${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('resumable broadcasts on PostgreSQL', () => {
  const db = usePostgres(PREFIXES);
  let used = 0;
  const backendOn = (client: () => PostgresQueryable) => (): BroadcastBackend => {
    const prefix = PREFIXES[used++]!;
    return {
      tokens: () => postgresTokenStore({ client: client(), prefix }),
      limiter: (limits) => postgresNotificationLimiter({ client: client(), prefix, ...limits }),
      records: (options) => postgresBroadcastRecords({ client: client(), prefix, ...options }),
    };
  };
  broadcastSuite(
    'PostgreSQL (pg)',
    backendOn(() => db.pool),
  );
  broadcastCancelSuite(
    'PostgreSQL (pg)',
    backendOn(() => db.pool),
  );
  broadcastSuite(
    'PostgreSQL (postgres.js)',
    backendOn(() => fromPostgresJs(db.sql)),
  );
  const killed = 'killed_';
  beforeAll(() => migrate({ client: db.pool, prefix: killed }));
  killedRunTest('PostgreSQL (pg)', () => ({
    prefix: killed,
    stores: () => ({
      store: postgresTokenStore({ client: db.pool, prefix: killed }),
      limiter: postgresNotificationLimiter({ client: db.pool, prefix: killed }),
      records: postgresBroadcastRecords({ client: db.pool, prefix: killed }),
    }),
    env: () => ({ BACKEND: 'postgres', DATABASE_URL: db.server.url }),
  }));
});
