import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, postgresSchema, postgresTokenStore } from '@social-webhooks/postgres';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { usePostgres } from './support/postgres-clients.js';
import { startNotificationClient } from './support/notification-client.js';
import { postgresBinaries } from './support/postgres-server.js';
import { ends, programsOf, runProgram as run, stopStarted, type Program } from './support/snippet-programs.js';
import { fillTokens } from './support/token-fill.js';

// docs/deploy-postgres.md, run as pasted (test/support/snippet-programs.ts): each program is
// type-checked under the house's strict flags, then run on Node in a child process with
// `DATABASE_URL` at a database of its own on a real PostgreSQL server started here (the PGlite one
// also without it), and what the guide says it prints is checked.
const FILE = 'docs/deploy-postgres.md';
const { programs, excluded } = programsOf(FILE);

afterEach(stopStarted, 60_000);

/** A pool on `url` for the checks; an idle connection the server's shutdown ends is not an error of the test. */
function poolOn(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  return pool;
}

/** What a program printed, its lines joined by one space. */
async function printed(program: Program, env: Record<string, string>): Promise<string> {
  const child = await run(program, env);
  await ends(child);
  return child.lines
    .filter((line) => !line.startsWith('SNIPPET READY'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function scenarios(database: () => Promise<string>): Record<string, (program: Program) => Promise<void>> {
  return {
    async [`${FILE} › The tables: schema and migration`](program) {
      expect(await printed(program, { DATABASE_URL: await database() })).toBe('{ tables: 14 }');
    },
    async [`${FILE} › Your own migrations`](program) {
      expect(await printed(program, {})).toBe(postgresSchema().replace(/\s+/g, ' ').trim());
    },
    async [`${FILE} › Cleanup`](program) {
      const url = await database();
      const pool = poolOn(url);
      await migrate({ client: pool });
      // A claim whose lease lapsed at once: the one row cleanup has to delete.
      await pool.query("INSERT INTO social_webhooks_dedupe (key, token, expires_at) VALUES ('lapsed', 't', now() - interval '1 minute')");
      expect(await printed(program, { DATABASE_URL: url })).toBe(
        '{ dedupe: 1, notifyTokens: 0, notifySent: 0, appKeySigners: 0, appKeyFetches: 0, broadcasts: 0, history: 0, timelines: 0, archive: 0, archiveReplays: 0, opens: 0, openers: 0 }',
      );
      expect((await pool.query('SELECT count(*)::int AS rows FROM social_webhooks_dedupe')).rows).toEqual([{ rows: 0 }]);
      await pool.end();
    },
    async [`${FILE} › The history and the archive`](program) {
      // Users 1 to 3 with a token of a stand-in client: the program's send reaches them, its history counts them.
      const url = await database();
      const pool = poolOn(url);
      await migrate({ client: pool });
      const client = await startNotificationClient();
      try {
        await fillTokens(postgresTokenStore({ client: pool }), client, [1, 2, 3]);
        expect(await printed(program, { DATABASE_URL: url })).toBe('3 3 1 0');
        expect([...client.delivered.keys()].sort()).toEqual(['1:welcome-1', '2:welcome-1', '3:welcome-1']);
        const rows = await pool.query("SELECT notification_id, counts->>'c|successful' AS successful FROM social_webhooks_history");
        expect(rows.rows).toEqual([{ notification_id: 'welcome-1', successful: '3' }]);
      } finally {
        await client.close();
        await pool.end();
      }
    },
    async [`${FILE} › PGlite for development`](program) {
      // Without DATABASE_URL: PGlite in the process. With it: the server, where the token is then read.
      expect(await printed(program, {})).toBe('1 claimed');
      const url = await database();
      expect(await printed(program, { DATABASE_URL: url })).toBe('1 claimed');
      const pool = poolOn(url);
      expect((await pool.query('SELECT fid::int, app_fid::int, token FROM social_webhooks_tokens')).rows).toEqual([
        { fid: 3, app_fid: 9152, token: 'token-1' },
      ]);
      await pool.end();
    },
  };
}

describe('the Postgres guide', () => {
  it('finds each program under its heading, and only fences that say why are left out', () => {
    expect(programs.map(({ name }) => name)).toEqual(Object.keys(scenarios(async () => '')));
    expect(excluded.map(({ lang }) => lang)).toEqual(['sh', 'sh']);
  });

  itCompilesPrograms('deploy-postgres-snippets-types', programs);
});

describe.skipIf(postgresBinaries === undefined)('the Postgres guide against a PostgreSQL server', () => {
  const db = usePostgres();
  let databases = 0;
  const database = async () => {
    const name = `guide${++databases}`;
    await db.pool.query(`CREATE DATABASE ${name}`);
    return db.server.url.replace(/\/test$/, `/${name}`);
  };
  const table = scenarios(database);

  it.each(programs)(
    '$name runs as pasted and does what its page says',
    async (program) => {
      await table[program.name]!(program);
    },
    90_000,
  );
});
