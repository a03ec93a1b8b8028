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
  dependencies: { ...dependencies, express: '^5.1.0', hono: '^4.6.0' },
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
  // The Redis store against a stand-in client: the packed package loads and speaks EVAL.
  const store = redis.redisStore({ client: { eval: async (script, { keys }) => (keys[0] === 'social-webhooks:dedupe:k' ? 1 : 0) } });
  if ((await store.claim('k', 't', 1000)) !== 'claimed') throw new Error('consumer failed: redisStore');
  const statuses = [webResponse.status, honoResponse.status, expressResponse.status].join(',');
  if (statuses !== '200,200,200' || seen.length !== 3 || !(core.WebhookError.prototype instanceof Error)) throw new Error('consumer failed: ' + statuses + ' ' + seen);
  // Each entry by audience resolves, and the adapters re-export the core's main entry whole.
  const entries = {
    adapter: typeof adapter.createWebhookReceiver === 'function' && typeof adapter.readWebBody === 'function',
    node: typeof node.readNodeStream === 'function',
    samples: samples.sampleEvent('follow.created').data.followerProfileId === '3761' && typeof samples.buildDelivery === 'function',
    reexports: [expressAdapter, hono].every((adapterPackage) => adapterPackage.WebhookError === core.WebhookError && adapterPackage.EVENT_NAMES === core.EVENT_NAMES && adapterPackage.webhookHandler !== core.webhookHandler),
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
import express from 'express';
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
const express = require('express');
const { Hono } = require('hono');
const FORMAT = 'CommonJS';
(async () => {${delivery}})().catch((error) => { console.error(error); process.exit(1); });
`);
console.log('\n== a project outside the workspace');
process.stdout.write(run('node', ['esm.mjs'], consumer));
process.stdout.write(run('node', ['cjs.cjs'], consumer));
console.log('\nAll packages packed, linted and used from ESM and CommonJS.');
