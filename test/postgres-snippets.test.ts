import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { postgresSchema } from '@social-webhooks/postgres';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { codeBlocks } from './support/markdown.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';
import {
  emulator,
  ends,
  exits,
  lines,
  post,
  programsOf,
  runProgram as run,
  sleep,
  stopStarted,
  type Program,
} from './support/snippet-programs.js';

// The Postgres package's README, run as pasted (test/support/snippet-programs.ts): each program is
// type-checked under the house's strict flags, then run on Node in a child process with
// `DATABASE_URL` at a database of its own on a real PostgreSQL server started here, and what the
// README says it does is checked from outside.
const FILE = 'packages/postgres/README.md';
const SECRET = 'postgres-snippets-neynar-secret';
const { programs, excluded } = programsOf(FILE);

afterEach(stopStarted, 60_000);

describe('the Postgres README', () => {
  it('prints the SQL that postgresSchema() answers', () => {
    const sql = codeBlocks(FILE).find((block) => block.lang === 'sql');
    expect(sql?.code.trim()).toBe(postgresSchema().trim());
  });

  it('finds each program under its heading, and only fences that say why are left out', () => {
    expect(programs.map(({ name }) => name)).toEqual(Object.keys(scenarios(() => '')));
    expect(excluded.map(({ lang }) => lang)).toEqual(['sh', 'sql']);
  });

  itCompilesPrograms('postgres-snippets-types', programs);
});

/** What each program is said to do, by the heading it starts under; `database()` makes an empty database for it. */
function scenarios(database: () => string | Promise<string>): Record<string, (program: Program) => Promise<void>> {
  return {
    async [`${FILE} › Dedupe across instances`](program) {
      // Two instances on one database, both migrating as they start: a delivery reaching both is handled once.
      const env = { DATABASE_URL: await database(), NEYNAR_WEBHOOK_SECRET: SECRET };
      const instances = await Promise.all([run(program, env), run(program, env)]);
      const delivery = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created' });
      const answers = await Promise.all(instances.map((instance) => post(`${instance.url}/webhook`, delivery)));
      // One runs it; the other finds it in flight (409, retried later) or already handled (200).
      expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      for (const instance of instances) expect((await post(`${instance.url}/webhook`, delivery)).status).toBe(200);
      const forged = await buildNeynarDelivery({ secret: 'forged', type: 'cast.created' });
      expect((await post(`${instances[0]!.url}/webhook`, forged)).status).toBe(401);
      await sleep(300);
      expect(lines(instances, / handled$/)).toEqual([
        `cast ${(JSON.parse(delivery.body) as { data: { hash: string } }).data.hash} handled`,
      ]);
      for (const instance of instances) await exits(instance);
    },

    async [`${FILE} › Mini App tokens, notifications and key lookups`](program) {
      // The emulator's client adds the app; the token lands in the table; the digest reaches the user once.
      const url = await database();
      const client = await emulator();
      const env = {
        DATABASE_URL: url,
        SOCIAL_WEBHOOKS_HUB_URL: client.url,
        NEYNAR_API_KEY: 'unused-locally',
        DIGEST_TOKEN: 'digest-token',
      };
      const child = await run(program, env);
      const sent = await client.miniApp.send({ to: `${child.url}/webhook`, event: 'miniapp_added', fid: 3 });
      expect((await client.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const rows = (
        await db.query(
          'SELECT fid::int, signers.fid IS NOT NULL AS keys_cached FROM social_webhooks_tokens LEFT JOIN social_webhooks_app_key_signers AS signers USING (fid)',
        )
      ).rows;
      await db.end();
      expect(rows).toEqual([{ fid: 3, keys_cached: true }]);
      expect((await fetch(`${child.url}/digest`, { method: 'POST' })).status).toBe(401);
      const digest = () =>
        fetch(`${child.url}/digest`, { method: 'POST', headers: { authorization: 'Bearer digest-token' } }).then((answer) => answer.json());
      expect(await digest()).toMatchObject({ notificationId: 'digest-2026-11-27', targets: 1, successful: 1, invalid: 0, failed: {} });
      // The limiter remembers the delivery: sent again, it reaches nobody twice.
      expect(await digest()).toMatchObject({ targets: 1, successful: 0, alreadySent: 1 });
      expect(client.miniApp.received(3).map(({ notificationId, repeats }) => [notificationId, repeats])).toEqual([
        ['digest-2026-11-27', 0],
      ]);
      await exits(child);
    },

    async [`${FILE} › postgres.js`](program) {
      const child = await run(program, { DATABASE_URL: await database() });
      await ends(child);
      const printed = child.lines.filter((line) => !line.startsWith('SNIPPET READY'));
      expect(printed.slice(0, 2)).toEqual(['claimed', 'in_flight']);
      expect(printed.slice(2).join(' ').replace(/\s+/g, ' ')).toBe(
        '{ dedupe: 0, notifyTokens: 0, notifySent: 0, appKeySigners: 0, appKeyFetches: 0, broadcasts: 0, history: 0, timelines: 0, archive: 0, archiveReplays: 0, opens: 0, openers: 0 }',
      );
    },

    async [`${FILE} › PGlite: no server`](program) {
      const child = await run(program, {});
      await ends(child);
      const printed = child.lines
        .filter((line) => !line.startsWith('SNIPPET READY'))
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(printed).toBe(
        "[ { fid: 3, appFid: 9152, url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'token-1', enabledAt: 1795780800000 } ] claimed",
      );
    },
  };
}

describe.skipIf(postgresBinaries === undefined)('the Postgres README against a PostgreSQL server', () => {
  const db = usePostgres();
  let databases = 0;
  const database = async () => {
    const name = `snippet${++databases}`;
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
