import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../../../test/support/markdown.js';

// docs/deploy-vercel.md shows this app's files as they are: a fence whose info string names a file
// (`ts file: src/app/api/webhook/route.ts`) holds that file byte for byte, so what the guide shows is
// what test/next-app.test.ts builds with `next build` and serves with `next start`. Any other fence
// says why it does not run.
const blocks = codeBlocks('docs/deploy-vercel.md');
const shown = blocks.filter(({ info }) => info.startsWith('file:'));

describe('docs/deploy-vercel.md shows the example as it is built and tested', () => {
  it.each(shown.map((block) => [block.info.slice('file:'.length).trim(), block] as const))(
    '%s is the file, byte for byte',
    (file, block) => {
      expect(block.code).toBe(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
    },
  );

  it('shows the routes and the stores, and every other fence says why it does not run', () => {
    expect(shown.map(({ info }) => info.slice('file:'.length).trim())).toEqual(
      expect.arrayContaining([
        'src/lib/upstash.ts',
        'src/app/api/webhook/route.ts',
        'src/app/api/broadcast/route.ts',
        'src/app/api/cron/broadcasts/route.ts',
        'vercel.json',
      ]),
    );
    const others = blocks.filter((block) => !shown.includes(block));
    expect(others.filter(({ info }) => !/^no-run: \S/.test(info)).map(({ line, lang }) => `line ${line}: ${lang}`)).toEqual([]);
  });
});
