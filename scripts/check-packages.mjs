// Packs every publishable package the way it would be published (pnpm pack: workspace versions
// pinned, publishConfig applied), lints each tarball with publint and @arethetypeswrong/cli, then
// (node16 profile: resolution without `exports`, TypeScript's legacy node10 mode, is not supported)
// installs the tarballs into a project outside the workspace and uses them from ESM and CommonJS.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const work = join(root, '.tmp', 'check-packages');
const packs = join(work, 'packs');
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

rmSync(work, { recursive: true, force: true });
mkdirSync(packs, { recursive: true });

const packages = readdirSync(join(root, 'packages'))
  .map((folder) => ({ folder: join(root, 'packages', folder), manifest: JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private);

const tarballs = {};
for (const { folder, manifest } of packages) {
  const before = new Set(readdirSync(packs));
  run('pnpm', ['pack', '--pack-destination', packs], folder);
  const tarball = join(packs, readdirSync(packs).find((file) => !before.has(file)));
  tarballs[manifest.name] = tarball;
  console.log(`\n== ${manifest.name}: publint`);
  process.stdout.write(run(join(root, 'node_modules/.bin/publint'), ['run', tarball, '--strict'], root));
  console.log(`== ${manifest.name}: are the types wrong`);
  process.stdout.write(run(join(root, 'node_modules/.bin/attw'), [tarball, '--profile', 'node16', '--format', 'table-flipped'], root));
}

// A consumer outside the workspace, with the frameworks from the registry.
const consumer = join(work, 'consumer');
mkdirSync(consumer, { recursive: true });
const dependencies = Object.fromEntries(Object.entries(tarballs).map(([name, tarball]) => [name, `file:${tarball}`]));
writeFileSync(join(consumer, 'package.json'), JSON.stringify({
  name: 'consumer', private: true,
  dependencies: { ...dependencies, express: '^5.1.0', hono: '^4.6.0', fastify: '^5.0.0', fastify4: 'npm:fastify@^4.26.0', koa: '^3.0.0' },
  pnpm: { overrides: dependencies },
}, null, 2));
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
writeFileSync(join(consumer, 'esm.mjs'), `
import * as core from '@social-webhooks/core';
import * as testing from '@social-webhooks/core/testing';
import * as adapter from '@social-webhooks/core/adapter';
import * as node from '@social-webhooks/core/node';
import * as samples from '@social-webhooks/core/samples';
import * as expressAdapter from '@social-webhooks/express';
import * as hono from '@social-webhooks/hono';
import * as redis from '@social-webhooks/redis';
import * as nodeAdapter from '@social-webhooks/node';
import * as fastifyAdapter from '@social-webhooks/fastify';
import http from 'node:http';
import express from 'express';
import fastify5 from 'fastify';
import fastify4 from 'fastify4';
import Koa from 'koa';
import { Hono } from 'hono';
const FORMAT = 'ESM';
${delivery}`);
writeFileSync(join(consumer, 'cjs.cjs'), `
const core = require('@social-webhooks/core');
const testing = require('@social-webhooks/core/testing');
const adapter = require('@social-webhooks/core/adapter');
const node = require('@social-webhooks/core/node');
const samples = require('@social-webhooks/core/samples');
const expressAdapter = require('@social-webhooks/express');
const hono = require('@social-webhooks/hono');
const redis = require('@social-webhooks/redis');
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
`);
console.log('\n== a project outside the workspace');
process.stdout.write(run('node', ['esm.mjs'], consumer));
process.stdout.write(run('node', ['cjs.cjs'], consumer));

// The Fastify plugin's types against each major's own: a TypeScript project with fastify 4, then 5,
// as its \`fastify\` (the plugin's declarations import \`fastify\`, which resolves to the app's).
for (const fastifyRange of ['^4.26.0', '^5.0.0']) {
  const typed = join(work, `typed-fastify-${fastifyRange.slice(1, 2)}`);
  mkdirSync(typed, { recursive: true });
  writeFileSync(join(typed, 'package.json'), JSON.stringify({
    name: 'typed-consumer', private: true, type: 'module',
    dependencies: { ...dependencies, fastify: fastifyRange, '@types/node': '^20.19.0' },
    pnpm: { overrides: dependencies },
  }, null, 2));
  writeFileSync(join(typed, 'app.ts'), `
import Fastify from 'fastify';
import { webhookPlugin } from '@social-webhooks/fastify';
const app = Fastify();
await app.register(webhookPlugin, {
  path: '/webhook',
  secret: { 'follow.created': 'consumer-secret' },
  on: { 'follow.created': (event, { request, reply }) => { request.log.info(event.data.followerProfileId); void reply.code(200); } },
});
// @ts-expect-error: a misspelled event name does not compile.
await app.register(webhookPlugin, { secret: 's', on: { 'follow.create': () => undefined } });
`);
  run('pnpm', ['install', '--ignore-workspace', '--prefer-offline', '--config.confirmModulesPurge=false'], typed);
  run(join(root, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'app.ts'], typed);
  console.log(`== the Fastify plugin's types compile against fastify@${fastifyRange}`);
}
console.log('\nAll packages packed, linted and used from ESM and CommonJS.');
