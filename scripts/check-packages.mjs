// Packs every publishable package the way it would be published (pnpm pack: workspace versions
// pinned, publishConfig applied), checks its manifest and README, lints each tarball with publint
// and @arethetypeswrong/cli in every resolution mode (node10, node16 from CJS and ESM, bundler), then
// installs the tarballs into projects outside the workspace: uses them from ESM and CommonJS,
// type-checks a TypeScript consumer under each of TypeScript's module settings, with TypeScript 5
// and 7, and builds the Next.js example with `next build` and no secret set.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageFieldProblems } from './package-fields.mjs';

const root = resolve(import.meta.dirname, '..');
const work = join(root, '.tmp', 'check-packages');
const packs = join(work, 'packs');
// The compilers a user's project may have: TypeScript 5, and 7, the native one (test/typescript7).
const typescript5 = join(root, 'node_modules/typescript/bin/tsc');
const typescript7 = join(root, 'test/typescript7/node_modules/typescript7/bin/tsc');
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

rmSync(work, { recursive: true, force: true });
mkdirSync(packs, { recursive: true });

const packages = readdirSync(join(root, 'packages'))
  .map((folder) => ({
    folder: join(root, 'packages', folder),
    manifest: JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')),
  }))
  .filter(({ manifest }) => !manifest.private);

// `main`, `module`, `types` and `typesVersions` are what node10 resolution reads; they must say what
// `exports` says, for every subpath.
const fieldProblems = packageFieldProblems(root);
if (fieldProblems.length > 0) {
  throw new Error(`package fields out of step with exports (fix each as it says):\n  ${fieldProblems.join('\n  ')}`);
}

const rootEngines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const tarballs = {};
for (const { folder, manifest } of packages) {
  const before = new Set(readdirSync(packs));
  run('pnpm', ['pack', '--pack-destination', packs], folder);
  const tarball = join(
    packs,
    readdirSync(packs).find((file) => !before.has(file)),
  );
  tarballs[manifest.name] = tarball;
  console.log(`\n== ${manifest.name}: manifest and README`);
  checkManifest(manifest, tarball);
  console.log(`== ${manifest.name}: publint`);
  process.stdout.write(run(join(root, 'node_modules/.bin/publint'), ['run', tarball, '--strict'], root));
  console.log(`== ${manifest.name}: are the types wrong (every resolution mode)`);
  process.stdout.write(run(join(root, 'node_modules/.bin/attw'), [tarball, '--format', 'table-flipped'], root));
}

/** What an npm page needs, and the one Node range the workspace tests (the root's `engines`). */
function checkManifest(manifest, tarball) {
  const problems = [];
  for (const field of ['description', 'repository', 'homepage', 'bugs', 'keywords']) {
    if (manifest[field] === undefined) problems.push(`has no \`${field}\``);
  }
  if (manifest.engines?.node !== rootEngines)
    problems.push(
      `says engines.node ${JSON.stringify(manifest.engines?.node)}; the tested range is ${JSON.stringify(rootEngines)} (the root package.json)`,
    );
  const files = run('tar', ['-tzf', tarball], root).split('\n');
  if (!files.includes('package/README.md')) problems.push('ships no README.md: add one beside its package.json');
  if (problems.length > 0) throw new Error(`${manifest.name} ${problems.join('; ')}.`);
  console.log(`${manifest.name}: repository, homepage, bugs, keywords, engines ${rootEngines}, README.md shipped`);
}

// A consumer outside the workspace, with the frameworks from the registry.
const consumer = join(work, 'consumer');
mkdirSync(consumer, { recursive: true });
const dependencies = Object.fromEntries(Object.entries(tarballs).map(([name, tarball]) => [name, `file:${tarball}`]));
writeFileSync(
  join(consumer, 'package.json'),
  JSON.stringify(
    {
      name: 'consumer',
      private: true,
      dependencies: {
        ...dependencies,
        express: '^5.1.0',
        hono: '^4.6.0',
        '@types/express': '^5.0.6',
        '@types/node': '^20.19.43',
        fastify: '^5.0.0',
        fastify4: 'npm:fastify@^4.26.0',
        koa: '^3.0.0',
      },
      pnpm: { overrides: dependencies },
    },
    null,
    2,
  ),
);
run('pnpm', ['install', '--ignore-workspace', '--prefer-offline', '--config.confirmModulesPurge=false'], consumer);

const delivery = `
  const secret = 'consumer-secret';
  const { headers, body } = testing.buildDelivery({ secret, eventName: 'follow.created' });
  const seen = [];
  const web = core.webhookHandler({ secret, on: { 'follow.created': (e) => seen.push('core ' + e.data.followerProfileId) } });
  const webResponse = await web(new Request('http://x/webhook', { method: 'POST', headers, body }));
  const app = new Hono();
  app.post('/webhook', hono.webhookHandler({ secret, on: { 'follow.created': (e) => seen.push('hono ' + e.data.followerProfileId) } }));
  const honoResponse = await app.request('/webhook', { method: 'POST', headers, body });
  const server = express().post('/webhook', expressAdapter.webhookHandler({ secret, on: { 'follow.created': (e) => seen.push('express ' + e.data.followerProfileId) } })).listen(0);
  await new Promise((r) => server.once('listening', r));
  const expressResponse = await fetch('http://127.0.0.1:' + server.address().port + '/webhook', { method: 'POST', headers, body });
  server.close();
  // Node's own listener on node:http, and from Koa.
  const nodeServer = http.createServer(nodeAdapter.webhookHandler({ secret, on: { 'follow.created': (e) => seen.push('node ' + e.data.followerProfileId) } })).listen(0);
  await new Promise((r) => nodeServer.once('listening', r));
  const nodeResponse = await fetch('http://127.0.0.1:' + nodeServer.address().port + '/webhook', { method: 'POST', headers, body });
  nodeServer.close();
  const koaReceive = nodeAdapter.webhookHandler({ secret, on: { 'follow.created': (e) => seen.push('koa ' + e.data.followerProfileId) } });
  const koa = new Koa().use(async (ctx) => { ctx.respond = false; await koaReceive(ctx.req, ctx.res); });
  const koaServer = koa.listen(0);
  await new Promise((r) => koaServer.once('listening', r));
  const koaResponse = await fetch('http://127.0.0.1:' + koaServer.address().port + '/webhook', { method: 'POST', headers, body });
  koaServer.close();
  // The Fastify plugin on Fastify 5 and 4.
  const fastifyStatuses = [];
  for (const [name, create] of [['fastify5', fastify5], ['fastify4', fastify4]]) {
    const app = create();
    await app.register(fastifyAdapter.webhookPlugin, { secret, on: { 'follow.created': (e) => seen.push(name + ' ' + e.data.followerProfileId) } });
    fastifyStatuses.push((await app.inject({ method: 'POST', url: '/webhook', headers, payload: body })).statusCode);
    await app.close();
  }
  // The framework-free call.
  const verified = await core.deliveryVerifier({ secret })({ header: headers['x-airstack-webhook'], contentType: headers['content-type'], body });
  if (!verified.ok || verified.event.eventName !== 'follow.created') throw new Error('consumer failed: deliveryVerifier');
  // The Redis store against a stand-in client: the packed package loads and speaks EVAL.
  const store = redis.redisStore({ client: { eval: async (script, { keys }) => (keys[0] === 'social-webhooks:dedupe:k' ? 1 : 0) } });
  if ((await store.claim('k', 't', 1000)) !== 'claimed') throw new Error('consumer failed: redisStore');
  // The Postgres store against a stand-in client: the packed package loads and speaks SQL to its table.
  const pgStore = postgres.postgresStore({ client: { query: async (text, values) => ({ rows: [{ state: text.includes('social_webhooks_dedupe') && values[0] === 'k' ? 'claimed' : 'in_flight' }] }) } });
  if ((await pgStore.claim('k', 't', 1000)) !== 'claimed' || !postgres.postgresSchema().includes('CREATE TABLE IF NOT EXISTS social_webhooks_tokens')) throw new Error('consumer failed: postgresStore');
  // The Cloudflare store against a stand-in D1 binding: the packed package loads and speaks SQLite to its table.
  const d1 = { prepare: (sql) => ({ bind: (...values) => ({ all: async () => ({ results: [{ state: sql.includes('social_webhooks_dedupe') && values[0] === 'k' ? 'claimed' : 'in_flight' }] }) }) }), batch: async () => [] };
  if ((await cloudflare.cloudflareStore({ d1 }).claim('k', 't', 1000)) !== 'claimed' || !cloudflare.cloudflareSchema().includes('CREATE TABLE IF NOT EXISTS social_webhooks_tokens') || typeof cloudflare.SocialWebhooksState !== 'function') throw new Error('consumer failed: cloudflareStore');
  // The production page: the packed package loads, refuses without authorize's yes and renders with it; its node entry resolves.
  const page = dashboard.dashboardHandler({ authorize: (request) => request.headers.get('authorization') === 'Bearer a' });
  const pageStatuses = [(await page(new Request('http://x/webhooks-admin'))).status, (await page(new Request('http://x/webhooks-admin', { headers: { authorization: 'Bearer a' } }))).status];
  if (pageStatuses.join(',') !== '401,200' || typeof dashboardNode.nodeDashboard !== 'function') throw new Error('consumer failed: dashboard ' + pageStatuses);
  // The opens receiver with a stand-in verification (the token's sub is the FID), and the page's helper.
  const opened = opens.memoryOpenStore();
  const receiveOpen = opens.openReceiver({ domain: 'app.example.com', store: opened, verify: async ({ domain }) => ({ sub: 3, aud: domain }), logger: false });
  const openAnswer = await receiveOpen(new Request('http://x/api/opens', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"notificationId":"n","fid":4}' }));
  if (openAnswer.status !== 200 || (await opened.counts('n')).uniqueOpens !== 1 || typeof opensNode.openListener !== 'function' || (await opensPage.reportOpen({ context: {}, fetch, url: '/api/opens' })) !== false) throw new Error('consumer failed: opens ' + openAnswer.status);
  const statuses = [webResponse.status, honoResponse.status, expressResponse.status, nodeResponse.status, koaResponse.status, ...fastifyStatuses].join(',');
  if (statuses !== '200,200,200,200,200,200,200' || seen.length !== 7 || !(core.WebhookError.prototype instanceof Error)) throw new Error('consumer failed: ' + statuses + ' ' + seen);
  // Each entry by audience resolves, and the adapters re-export the core's main entry whole.
  const entries = {
    adapter: typeof adapter.createWebhookReceiver === 'function' && typeof adapter.readWebBody === 'function',
    node: typeof node.readNodeStream === 'function',
    samples: samples.sampleEvent('follow.created').data.followerProfileId === '3761' && typeof samples.buildDelivery === 'function',
    reexports: [expressAdapter, hono, nodeAdapter].every((adapterPackage) => adapterPackage.WebhookError === core.WebhookError && adapterPackage.EVENT_NAMES === core.EVENT_NAMES && adapterPackage.webhookHandler !== core.webhookHandler)
      && fastifyAdapter.WebhookError === core.WebhookError && typeof fastifyAdapter.webhookPlugin === 'function',
  };
  if (Object.values(entries).includes(false)) throw new Error('consumer failed: entries ' + JSON.stringify(entries));
  console.log(FORMAT + ': ' + seen.join(', '));
`;
writeFileSync(
  join(consumer, 'esm.mjs'),
  `
import * as core from '@social-webhooks/core';
import * as testing from '@social-webhooks/core/testing';
import * as adapter from '@social-webhooks/core/adapter';
import * as node from '@social-webhooks/core/node';
import * as samples from '@social-webhooks/core/samples';
import * as expressAdapter from '@social-webhooks/express';
import * as hono from '@social-webhooks/hono';
import * as redis from '@social-webhooks/redis';
import * as postgres from '@social-webhooks/postgres';
import * as cloudflare from '@social-webhooks/cloudflare';
import * as dashboard from '@social-webhooks/dashboard';
import * as dashboardNode from '@social-webhooks/dashboard/node';
import * as opens from '@social-webhooks/opens';
import * as opensNode from '@social-webhooks/opens/node';
import * as opensPage from '@social-webhooks/opens/page';
import * as nodeAdapter from '@social-webhooks/node';
import * as fastifyAdapter from '@social-webhooks/fastify';
import http from 'node:http';
import express from 'express';
import fastify5 from 'fastify';
import fastify4 from 'fastify4';
import Koa from 'koa';
import { Hono } from 'hono';
const FORMAT = 'ESM';
${delivery}`,
);
writeFileSync(
  join(consumer, 'cjs.cjs'),
  `
const core = require('@social-webhooks/core');
const testing = require('@social-webhooks/core/testing');
const adapter = require('@social-webhooks/core/adapter');
const node = require('@social-webhooks/core/node');
const samples = require('@social-webhooks/core/samples');
const expressAdapter = require('@social-webhooks/express');
const hono = require('@social-webhooks/hono');
const redis = require('@social-webhooks/redis');
const postgres = require('@social-webhooks/postgres');
const cloudflare = require('@social-webhooks/cloudflare');
const dashboard = require('@social-webhooks/dashboard');
const dashboardNode = require('@social-webhooks/dashboard/node');
const opens = require('@social-webhooks/opens');
const opensNode = require('@social-webhooks/opens/node');
const opensPage = require('@social-webhooks/opens/page');
const nodeAdapter = require('@social-webhooks/node');
const fastifyAdapter = require('@social-webhooks/fastify');
const http = require('node:http');
const express = require('express');
const fastify5 = require('fastify');
const fastify4 = require('fastify4');
const Koa = require('koa');
const { Hono } = require('hono');
const FORMAT = 'CommonJS';
(async () => {${delivery}})().catch((error) => { console.error(error); process.exit(1); });
`,
);
console.log('\n== a project outside the workspace');
process.stdout.write(run('node', ['esm.mjs'], consumer));
process.stdout.write(run('node', ['cjs.cjs'], consumer));

// The Fastify plugin's types against each major's own: a TypeScript project with fastify 4, then 5,
// as its \`fastify\` (the plugin's declarations import \`fastify\`, which resolves to the app's).
for (const fastifyRange of ['^4.26.0', '^5.0.0']) {
  const typed = join(work, `typed-fastify-${fastifyRange.slice(1, 2)}`);
  mkdirSync(typed, { recursive: true });
  writeFileSync(
    join(typed, 'package.json'),
    JSON.stringify(
      {
        name: 'typed-consumer',
        private: true,
        type: 'module',
        dependencies: { ...dependencies, fastify: fastifyRange, '@types/node': '^20.19.0' },
        pnpm: { overrides: dependencies },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(typed, 'app.ts'),
    `
import Fastify from 'fastify';
import { neynarSender, webhookPlugin, webhookPluginFor } from '@social-webhooks/fastify';
const app = Fastify();
await app.register(webhookPlugin, {
  path: '/webhook',
  secret: { 'follow.created': 'consumer-secret' },
  on: { 'follow.created': (event, { request, reply }) => { request.log.info(event.data.followerProfileId); void reply.code(200); } },
});
// @ts-expect-error: a misspelled event name does not compile.
await app.register(webhookPlugin, { secret: 's', on: { 'follow.create': () => undefined } });
// Another sender's plugin, built with its options: its handlers are typed by that sender.
await app.register(
  webhookPluginFor({
    path: '/neynar',
    sender: neynarSender({ secrets: 'consumer-secret' }),
    on: { 'cast.created': (event, { request }) => { const fid: number = event.data.author.fid; request.log.info(fid); } },
  }),
);
`,
  );
  run('pnpm', ['install', '--ignore-workspace', '--prefer-offline', '--config.confirmModulesPurge=false'], typed);
  // A tsconfig.json of its own: TypeScript 7 refuses files named on the command line (TS5112) while
  // it finds one above, the workspace's.
  const compilerOptions = { noEmit: true, strict: true, module: 'nodenext', target: 'es2022', types: ['node'] };
  writeFileSync(join(typed, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }, null, 2));
  for (const tsc of [typescript5, typescript7]) run('node', [tsc, '-p', 'tsconfig.json'], typed);
  console.log(`== the Fastify plugin's types compile against fastify@${fastifyRange}, with TypeScript 5 and 7`);
}

// TypeScript consumers: every subpath of every package's `exports` (so new subpaths are covered),
// and a handler whose event must be typed, not `any`, under each module setting users have.
const subpaths = packages.flatMap(({ manifest }) =>
  Object.keys(manifest.publishConfig?.exports ?? manifest.exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => manifest.name + subpath.slice(1)),
);
const typedConsumer = `
${subpaths.map((specifier, index) => `import * as module${index} from '${specifier}';`).join('\n')}
import { webhookHandler } from '@social-webhooks/express';

export const modules = [${subpaths.map((_, index) => `module${index}`).join(', ')}];
export const handler = webhookHandler({
  secret: () => process.env['WEBHOOK_SECRET'],
  on: {
    'follow.created': (event, { res }) => {
      const follower: string = event.data.followerProfileId;
      // Fails to compile if the event's type did not resolve and became \`any\`.
      const typed: 0 extends 1 & typeof event ? never : true = true;
      res.locals['follower'] = [follower, typed];
    },
  },
});
`;
// What \`tsc --init\` gives (zod's own declarations need esModuleInterop under node10); the \`any\`
// check above catches declarations that skipLibCheck would let degrade silently.
const strict = {
  strict: true,
  noEmit: true,
  esModuleInterop: true,
  skipLibCheck: true,
  types: ['node'],
  lib: ['ES2022', 'DOM'],
  target: 'ES2022',
};
const settings = [
  { name: 'commonjs + node10', compilerOptions: { module: 'commonjs', moduleResolution: 'node10' }, files: ['node10.ts'] },
  {
    name: 'node16 (CJS and ESM)',
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
    files: ['node16-cjs.cts', 'node16-esm.mts'],
  },
  { name: 'bundler', compilerOptions: { module: 'esnext', moduleResolution: 'bundler' }, files: ['bundler.ts'] },
];
// TypeScript 7, the native compiler, has removed \`node10\` (TS5108): under it a CommonJS project
// resolves as \`bundler\` unless it says \`node16\`.
const settings7 = [
  ...settings.filter(({ compilerOptions }) => compilerOptions.moduleResolution !== 'node10'),
  { name: 'commonjs, resolution left to TypeScript 7', compilerOptions: { module: 'commonjs' }, files: ['commonjs.ts'] },
];
console.log('\n== TypeScript consumers: ' + subpaths.join(', '));
for (const [compiler, tsc, list] of [
  ['TypeScript 5', typescript5, settings],
  ['TypeScript 7', typescript7, settings7],
]) {
  for (const { name, compilerOptions, files } of list) {
    for (const file of files) writeFileSync(join(consumer, file), typedConsumer);
    const tsconfig = `tsconfig.${files[0].split('.')[0]}.json`;
    writeFileSync(join(consumer, tsconfig), JSON.stringify({ compilerOptions: { ...strict, ...compilerOptions }, files }, null, 2));
    run('node', [tsc, '-p', tsconfig], consumer);
    console.log(`${compiler}, ${name}: types resolve, event.data.followerProfileId is a string`);
  }
}
let refused = '';
try {
  run('node', [typescript7, '-p', 'tsconfig.node10.json'], consumer);
} catch (error) {
  refused = String(error.stdout);
}
if (!refused.includes('TS5108'))
  throw new Error(`TypeScript 7 was expected to refuse node10 (TS5108), as the README says; it printed: ${refused}`);
console.log('TypeScript 7, commonjs + node10: refused (TS5108), as the README says');

// The Next.js example as a user's app, from the tarballs: \`next build\` with no secret set.
const nextApp = join(work, 'next-app');
const example = join(root, 'examples', 'nextjs-route');
const exampleManifest = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8'));
for (const entry of ['src', 'next.config.mjs', 'tsconfig.json']) cpSync(join(example, entry), join(nextApp, entry), { recursive: true });
writeFileSync(
  join(nextApp, 'package.json'),
  JSON.stringify(
    {
      name: 'next-app',
      private: true,
      type: 'module',
      dependencies: { ...exampleManifest.dependencies, ...dependencies },
      devDependencies: {
        ...exampleManifest.devDependencies,
        typescript: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.typescript,
      },
      pnpm: { overrides: dependencies },
    },
    null,
    2,
  ),
);
run('pnpm', ['install', '--ignore-workspace', '--prefer-offline', '--config.confirmModulesPurge=false'], nextApp);
const buildEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
delete buildEnv.WEBHOOK_SECRET;
console.log('\n== the Next.js example from the tarballs: next build without WEBHOOK_SECRET');
execFileSync('node', [join(nextApp, 'node_modules/next/dist/bin/next'), 'build'], {
  cwd: nextApp,
  env: buildEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});

console.log(
  '\nAll packages packed, checked and linted; used from ESM and CommonJS, type-checked under node10, node16 and bundler with TypeScript 5 and under node16 and bundler with 7, and built into a Next.js app.',
);
