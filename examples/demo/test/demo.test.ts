import { expect, it } from 'vitest';
import { runDemo } from '../src/run-demo.js';

it('runs the whole flow and reports what happened', async () => {
  const report = await runDemo();
  const text = report.lines.join('\n');
  expect(report.ok, text).toBe(true);
  expect(text).toContain('filtered out');
  expect(text).toMatch(/401 \{"error":"header_mismatch"/);
  expect(text).toContain('follow.created: 3761 now follows 326089');
  // Both body forms reached the receiver and were handled: the envelope and the flat payload.
  expect(text).toMatch(/follow\.created \(envelope\) -> .*: delivered \(attempts: 200\)/);
  expect(text).toMatch(/follow\.created \(flat\) -> .*: delivered \(attempts: 200\)/);
  expect(text.match(/follow\.created: 3761 now follows 326089/g)).toHaveLength(2);
}, 60_000);
