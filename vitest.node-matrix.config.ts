import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The suites that exercise the runtime, which scripts/node-matrix.mjs runs again on the oldest and
 * the newest supported Node: HTTP on every Node adapter, the crypto of the signature and app-key
 * checks, Redis (node-redis and Upstash over HTTP), PostgreSQL, BullMQ and notification sending; and
 * the test that proves which Node ran them.
 */
export const RUNTIME_SUITES = [
  'test/node-version.test.ts',
  'packages/core/src/**/*.test.ts',
  'packages/redis/src/**/*.test.ts',
  'packages/bullmq/src/**/*.test.ts',
  'test/conformance.test.ts',
  'test/*-adapter.test.ts',
  'test/express-*.test.ts',
  'test/hostile-clients.test.ts',
  'test/delivery-verifier.test.ts',
  'test/miniapp-conformance.test.ts',
  'test/miniapp-differential.test.ts',
  'test/miniapp-lookups.test.ts',
  'test/miniapp-repeats.test.ts',
  'test/redis-*.test.ts',
  'test/bullmq-*.test.ts',
  'test/notify-sender.test.ts',
  'test/notify-rate-windows.test.ts',
  'test/broadcasts-memory.test.ts',
  'test/postgres-*.test.ts',
  'test/upstash-stores.test.ts',
  'test/upstash-shared-redis.test.ts',
  'test/upstash-broadcasts.test.ts',
];

export default defineConfig({ ...base, test: { ...base.test, include: RUNTIME_SUITES } });
