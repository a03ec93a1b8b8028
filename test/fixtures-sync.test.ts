import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixture } from './support/fixtures.js';

// test/fixtures is a copy of the team's shared fixtures, so a clone alone can run the suite.
const SHARED = new URL('../../shared/fixtures/', import.meta.url);

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
});
