import { mkdirSync, writeFileSync } from 'node:fs';
import { cloudflareSchema } from '@social-webhooks/cloudflare';
import { Miniflare } from 'miniflare';
import { afterEach, describe, expect, it } from 'vitest';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { codeBlocks } from './support/markdown.js';
import { bundleWorker } from './support/runtimes.js';
import { afterProgram, emulator, programsOf, stopStarted } from './support/snippet-programs.js';

// The Cloudflare package's README: its SQL is what cloudflareSchema() prints, and its Worker is
// type-checked under the house's strict flags, then bundled as wrangler would and run on workerd
// through Miniflare with the bindings the README's wrangler.toml declares, the emulator as the
// Farcaster client and the hub.
const FILE = 'packages/cloudflare/README.md';
const { programs, excluded } = programsOf(FILE);
afterEach(stopStarted, 60_000);

describe('the Cloudflare README', () => {
  it('prints the SQL that cloudflareSchema() answers', () => {
    const sql = codeBlocks(FILE).find((block) => block.lang === 'sql');
    expect(sql?.code.trim()).toBe(cloudflareSchema().trim());
  });

  it('finds its one program, and only fences that say why are left out', () => {
    expect(programs.map(({ name }) => name)).toEqual([`${FILE} › A Mini App Worker`]);
    expect(excluded.map(({ lang }) => lang)).toEqual(['sh', 'toml', 'toml', 'sql']);
  });

  itCompilesPrograms('cloudflare-readme-snippets-types', programs);

  it('runs the Mini App Worker: keeps the token of a signed event in the object, and only the secret holder broadcasts, once a user', async () => {
    const client = await emulator();
    const folder = new URL('./.tmp/cloudflare-readme-snippets/', import.meta.url);
    mkdirSync(folder, { recursive: true });
    writeFileSync(new URL('worker.ts', folder), programs[0]!.code);
    const miniflare = new Miniflare({
      modules: true,
      script: await bundleWorker(new URL('worker.ts', folder).pathname),
      compatibilityDate: '2025-01-01',
      durableObjects: { STATE: { className: 'SocialWebhooksState', useSQLite: true } },
      bindings: { HUB_URL: client.miniApp.hubUrl, BROADCAST_SECRET: 'readme-secret' },
    });
    afterProgram({ stop: () => miniflare.dispose() });
    const url = (await miniflare.ready).origin;

    const sent = await client.miniApp.send({ to: `${url}/webhook`, event: 'notifications_enabled', fid: 21 });
    expect((await client.miniApp.waitForDelivery(sent.deliveryId)).attempts.map(({ status }) => status)).toEqual([200]);
    const broadcast = (authorization: string) => fetch(`${url}/broadcast`, { method: 'POST', headers: { authorization } });
    expect((await broadcast('Bearer wrong')).status).toBe(403);
    expect(await (await broadcast('Bearer readme-secret')).json()).toMatchObject({ successful: 1 });
    expect(await (await broadcast('Bearer readme-secret')).json()).toMatchObject({ successful: 0, alreadySent: 1 });
    expect(client.miniApp.received(21).map(({ notificationId }) => notificationId)).toEqual(['digest-1']);
  });
});
