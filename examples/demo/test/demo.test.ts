import { expect, it } from 'vitest';
import { runDemo } from '../src/run-demo.js';

it('runs every sender, the senders of 2026 first, and reports what happened', async () => {
  const report = await runDemo();
  const text = report.lines.join('\n');
  expect(report.ok, text).toBe(true);
  // In order: Neynar, Mini App events, then the founding service.
  const steps = ["1. Neynar's webhooks", '2. Mini App events', "3. The founding service's webhooks"].map((step) => text.indexOf(step));
  expect(
    steps.every((at, index) => at >= 0 && (index === 0 || at > steps[index - 1]!)),
    text,
  ).toBe(true);

  // Neynar: created through its API, the signed cast handled, the other author's filtered out, a forgery refused.
  expect(text).toMatch(/Created Neynar webhook \w+ \(POST \/v2\/farcaster\/webhook\//);
  expect(text).toMatch(/cast\.created -> .*: delivered \(attempts: 200\)/);
  expect(text).toContain('cast.created: @marisol: gm @kenji');
  expect(text).toMatch(/401 \{"error":"signature_mismatch"/);

  // Mini App events: verified through the emulator's hub, the token stored and used, a forgery refused.
  expect(text).toMatch(/signed miniapp_added of fid 3 .*\n\s+-> .*: delivered \(attempts: 200\)/);
  expect(text).toContain('miniapp_added: fid 3 in client 9152');
  expect(text).toContain("The backend's welcome, sent with the stored token: welcome to fid 3: 1 delivered");
  expect(text).toContain("the emulator's client received 1 notification for fid 3");
  expect(text).toMatch(/401 \{"error":"app_key_invalid"/);

  // The founding service: both body forms handled, the rest filtered out, a forgery refused.
  expect(text).toContain('filtered out');
  expect(text).toMatch(/401 \{"error":"header_mismatch"/);
  expect(text).toMatch(/follow\.created \(envelope\) -> .*: delivered \(attempts: 200\)/);
  expect(text).toMatch(/follow\.created \(flat\) -> .*: delivered \(attempts: 200\)/);
  expect(text.match(/follow\.created: 3761 now follows 326089/g)).toHaveLength(2);
}, 120_000);
