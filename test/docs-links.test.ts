import { describe, expect, it } from 'vitest';
import { anchors, exists, githubSlug, linkedFiles, links, resolveLink } from './support/markdown.js';

// Every link between the start page, the guides and the packages' READMEs leads somewhere: the file
// exists and, for an anchor, the heading does, under GitHub's slug rules. Links to this repository
// on GitHub (the packages' READMEs use them, as npm shows them) are checked against this tree.
const files = linkedFiles();

describe('GitHub heading anchors', () => {
  it.each([
    ['Node (`node:http` and Connect)', 'node-nodehttp-and-connect'],
    ['Web handler (Bun, Deno, Workers, Next.js route handlers)', 'web-handler-bun-deno-workers-nextjs-route-handlers'],
    ["The core's entry points, by audience", 'the-cores-entry-points-by-audience'],
    ['`matchesFilter(filter, payload, options?): boolean`', 'matchesfilterfilter-payload-options-boolean'],
    ['Duplicates, Redis and the queue', 'duplicates-redis-and-the-queue'],
    ['snake_case and **bold**', 'snake_case-and-bold'],
  ])('%s is #%s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });
});

describe('links in the guides and READMEs', () => {
  it('reads the start page, the guides and every package README', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/contract.md');
    expect(files.filter((file) => file.startsWith('packages/')).length).toBeGreaterThanOrEqual(12);
  });

  it.each(files)('%s: every relative link and anchor resolves', (file) => {
    const dead: string[] = [];
    for (const link of links(file)) {
      const to = resolveLink(link);
      if (to === undefined) continue;
      if (!exists(to.file)) {
        dead.push(`${file}:${link.line}: ${link.target} (no file ${to.file})`);
        continue;
      }
      if (to.anchor !== undefined && to.file.endsWith('.md') && !anchors(to.file).has(to.anchor)) {
        dead.push(`${file}:${link.line}: ${link.target} (no heading #${to.anchor} in ${to.file})`);
      }
    }
    expect(dead).toEqual([]);
  });
});
