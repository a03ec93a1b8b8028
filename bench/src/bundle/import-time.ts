import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../support/stats.js';

/**
 * How long Node takes to import a bundle, as a cold start pays it: the median of `processes` fresh
 * Node processes, each timing one dynamic import of the bundle's file (read, parse, evaluate).
 */
export function importTimeMs(code: string, processes = 7): number {
  const file = join(mkdtempSync(join(tmpdir(), 'social-webhooks-bundle-')), 'worker.mjs');
  writeFileSync(file, code);
  const script = `const start = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - start);`;
  const times: number[] = [];
  for (let index = 0; index < processes; index++) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`importing the bundle failed:\n${result.stderr}`);
    times.push(Number(result.stdout.trim()));
  }
  return median(times);
}
