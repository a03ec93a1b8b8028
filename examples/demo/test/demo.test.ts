import { expect, it } from 'vitest';
import { runDemo } from '../src/run-demo.js';

it('runs the whole flow and reports what happened', async () => {
  const report = await runDemo();
  const text = report.lines.join('\n');
  expect(report.ok, text).toBe(true);
  expect(text).toContain('filtered out');
  expect(text).toMatch(/401 \{"error":"header_mismatch"/);
  expect(text).toContain('follow.created: 3761 now follows 326089');
}, 60_000);
