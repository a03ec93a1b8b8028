import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The code cites the receiver's contract as `docs/contract.md §<Section>`: each cited section must
// be a heading of that file, so a renamed section cannot leave references pointing nowhere.
const root = new URL('../', import.meta.url).pathname;
const sections = new Set(
  [...readFileSync(`${root}docs/contract.md`, 'utf8').matchAll(/^## (.+)$/gm)].map(([, heading]) => heading!.trim()),
);
const citing = execFileSync('git', ['grep', '-l', 'docs/contract.md §', '--', '.', ':!docs/contract.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

describe('references to docs/contract.md', () => {
  it('are found in the code, the READMEs and the tests', () => {
    expect(citing.length).toBeGreaterThan(30);
  });

  it.each(citing)('%s cites only sections the contract has', (file) => {
    const text = readFileSync(`${root}${file}`, 'utf8');
    const cited = [...text.matchAll(/docs\/contract\.md (?:\\u00a7|§)([A-Z][A-Za-z]*(?: [A-Za-z]+)?)/g)].map(([, section]) => section!);
    const known = [...sections];
    // A section name is matched by its longest heading prefix: "§Statuses table" cites "Statuses".
    const missing = cited.filter((section) => !known.some((heading) => section === heading || section.startsWith(`${heading} `)));
    expect(missing).toEqual([]);
  });

  it('leaves no citation of the old, outside SPEC', () => {
    // git grep exits 1 when nothing matches.
    const old = spawnSync('git', ['grep', '-n', '-e', 'SPEC §', '-e', 'SPEC \\\\u00a7', '--', '.', ':!test/contract-references.test.ts'], { cwd: root, encoding: 'utf8' });
    expect(old.stdout).toBe('');
    expect(old.status).toBe(1);
  });
});
