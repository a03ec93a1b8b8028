import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATE_COMMAND, renderChecks } from '../../../scripts/checks/render-checks.js';

// The checks are generated from the schemas ahead of time; a schema changed without running the
// generator would leave its check out of step with it. Each file is rendered again, in memory, from
// the schemas as they are now, and compared with the file as checked in.
describe('the generated checks', async () => {
  const rendered = await renderChecks();

  it.each(rendered.map(({ path, text }) => ({ file: relative(process.cwd(), path), path, text })))(
    '$file is what the generator writes from the schemas as they are',
    async ({ file, path, text }) => {
      const written = await readFile(path, 'utf8').catch(() => '');
      expect(written === text, `${file} is stale: the schemas changed since it was generated. Run \`${GENERATE_COMMAND}\`.`).toBe(true);
    },
  );
});
