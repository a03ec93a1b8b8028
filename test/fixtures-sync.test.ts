import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { sampleEvent } from '@social-webhooks/core/samples';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixture } from './support/fixtures.js';

// test/fixtures is the repository's one copy of the team's shared fixtures, so a clone alone runs
// every test (the packages' tests read it through support/fixtures.ts too). Where the shared
// fixtures sit beside the repository (../shared/fixtures, or SOCIAL_WEBHOOKS_SHARED_FIXTURES), the
// copy must equal them.
const SHARED = process.env.SOCIAL_WEBHOOKS_SHARED_FIXTURES
  ? pathToFileURL(`${process.env.SOCIAL_WEBHOOKS_SHARED_FIXTURES.replace(/\/?$/, '/')}`)
  : new URL('../../shared/fixtures/', import.meta.url);

describe('test/fixtures', () => {
  it.runIf(existsSync(SHARED))('equals the shared fixtures beside the repository', () => {
    for (const folder of readdirSync(SHARED)) {
      expect(listFixtures(folder).sort()).toEqual(readdirSync(new URL(`${folder}/`, SHARED)).filter((f) => f.endsWith('.json')).sort());
      for (const file of listFixtures(folder)) {
        expect(readFixture(`${folder}/${file}`), `${folder}/${file}`).toEqual(JSON.parse(readFileSync(new URL(`${folder}/${file}`, SHARED), 'utf8')));
      }
    }
  });

  it('holds every documented folder', () => {
    expect(readdirSync(FIXTURES_DIR).sort()).toEqual(['deliveries', 'filters', 'management', 'payloads']);
  });

  // The core ships its samples (the CLI's `send` and the emulator use them), so they are written
  // out in its source rather than read from here; this keeps them the documented payloads.
  it.each([
    ['profile.created', 'payloads/profile.json'],
    ['profile.updated', 'payloads/profile.json'],
    ['follow.created', 'payloads/follow.json'],
    ['follow.deleted', 'payloads/follow.json'],
  ] as const)("the core's sample of %s equals %s", (eventName, file) => {
    expect(sampleEvent(eventName).data).toStrictEqual(readFixture(file));
  });
});
