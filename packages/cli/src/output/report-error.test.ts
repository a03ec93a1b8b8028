import { WebhookError } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../io.js';
import { runCli } from '../run-cli.js';
import { reportError } from './report-error.js';

function io() {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: {}, cwd: process.cwd() };
  return { io: value, out };
}

describe('reportError', () => {
  it('answers a value a package refused (invalid_options) as a usage error, with its message and no stack', () => {
    const { io: value, out } = io();
    const error = new WebhookError('invalid_options', '@social-webhooks/postgres: `prefix` must be lower-case letters; got "A".');
    expect(reportError(error, value, false)).toBe(2);
    expect(out.stderr).toBe(
      'social-webhooks: @social-webhooks/postgres: `prefix` must be lower-case letters; got "A".\nRun social-webhooks --help for usage.\n',
    );
    const json = io();
    expect(reportError(error, json.io, true)).toBe(2);
    expect(JSON.parse(json.out.stdout)).toEqual({ error: { code: 'usage_error', message: error.message } });
  });

  it('still answers any other exception as a bug, exit 70 with its stack', () => {
    const { io: value, out } = io();
    expect(reportError(new TypeError('boom'), value, false)).toBe(70);
    expect(out.stderr).toMatch(/^social-webhooks: unexpected error, please report it:\nTypeError: boom\n {4}at /);
  });

  it('gives a --prefix the history store refuses as a usage error, before any connection', async () => {
    const { io: value, out } = io();
    const code = await runCli(['broadcasts', '--postgres', 'postgres://user@127.0.0.1:1/db', '--prefix', 'bad prefix!'], value);
    expect(code).toBe(2);
    expect(out.stderr).toMatch(/`prefix` must be lower-case letters, digits and _/);
    expect(out.stderr).not.toMatch(/\n {4}at /);
  });
});
