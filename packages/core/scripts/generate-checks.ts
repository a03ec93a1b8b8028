// Writes the payload checks generated from the zod schemas into src/schema/generated/ (run it after
// changing a schema: `pnpm --filter @social-webhooks/core generate`). The checks are straight-line
// code written once here, not built at run time, so they run where eval and new Function may not
// (workerd), and src/schema/generated/generated-files.test.ts fails while a written file is stale.
import { mkdir, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { GENERATED_DIR, renderChecks } from './checks/render-checks.js';

await mkdir(GENERATED_DIR, { recursive: true });
for (const { path, text } of await renderChecks()) {
  await writeFile(path, text);
  console.log(`wrote ${relative(process.cwd(), path)} (${text.split('\n').length} lines)`);
}
