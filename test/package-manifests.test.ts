import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations; its results are checked by value.
import { legacyFields, packageFieldProblems } from '../scripts/package-fields.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(new URL(path, new URL('..', import.meta.url)), 'utf8')) as Record<string, unknown>;
const published = readdirSync(new URL('../packages/', import.meta.url))
  .filter((folder) => existsSync(new URL(`../packages/${folder}/package.json`, import.meta.url)))
  .map((folder) => ({ folder, manifest: read(`packages/${folder}/package.json`) }))
  .filter(({ manifest }) => manifest['private'] !== true);

// The fast half of scripts/check-packages.mjs, which packs, runs attw and compiles consumers.
describe('published package manifests', () => {
  it('derive main, module, types and typesVersions from exports, so node10 resolution finds every subpath', () => {
    expect(legacyFields({
      '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' }, require: { types: './dist/index.d.cts', default: './dist/index.cjs' } },
      './adapter': { import: { types: './dist/adapter/index.d.ts', default: './dist/adapter/index.js' }, require: { types: './dist/adapter/index.d.cts', default: './dist/adapter/index.cjs' } },
      './package.json': './package.json',
    })).toEqual({
      main: './dist/index.cjs',
      module: './dist/index.js',
      types: './dist/index.d.cts',
      typesVersions: { '*': { adapter: ['./dist/adapter/index.d.cts'] } },
    });
    expect((packageFieldProblems as (root: string) => string[])(root)).toEqual([]);
  });

  it.each(published)('$folder has a README, repository, homepage, bugs and keywords for its npm page', ({ folder, manifest }) => {
    const readme = readFileSync(new URL(`../packages/${folder}/README.md`, import.meta.url), 'utf8');
    expect(readme).toContain(`npm install`);
    expect(readme).toContain(String(manifest['name']));
    expect(readme).toMatch(/```(ts|sh)\n/);
    expect(readme).toContain('https://github.com/social-webhooks/social-webhooks');
    expect(manifest['repository']).toEqual({ type: 'git', url: 'git+https://github.com/social-webhooks/social-webhooks.git', directory: `packages/${folder}` });
    expect(manifest['homepage']).toMatch(/^https:\/\/github\.com\/social-webhooks\/social-webhooks/);
    expect(manifest['bugs']).toEqual({ url: 'https://github.com/social-webhooks/social-webhooks/issues' });
    expect(manifest['keywords']).toEqual(expect.arrayContaining(['webhook']));
  });

  it.each(published)('$folder says the Node range that is tested (the root engines)', ({ manifest }) => {
    expect(manifest['engines']).toEqual(read('package.json')['engines']);
  });
});
