import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository keeps its own copy of the shared filter cases, so that a fresh clone runs them; when
// the shared fixtures sit beside the repository (../shared/fixtures), the copy must equal them.
const copy = new URL('../test-fixtures/cases.json', import.meta.url);
const shared = process.env.SOCIAL_WEBHOOKS_SHARED_FIXTURES
  ? pathToFileURL(`${process.env.SOCIAL_WEBHOOKS_SHARED_FIXTURES}/filters/cases.json`)
  : new URL('../../../../shared/fixtures/filters/cases.json', import.meta.url);

describe('the filter cases', () => {
  it.skipIf(!existsSync(fileURLToPath(shared)))('equal the shared fixtures', () => {
    expect(JSON.parse(readFileSync(copy, 'utf8'))).toEqual(JSON.parse(readFileSync(shared, 'utf8')));
  });
});
