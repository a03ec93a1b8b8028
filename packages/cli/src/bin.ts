#!/usr/bin/env node
import { processIo } from './io.js';
import { runCli } from './run-cli.js';

// The `social-webhooks` executable. The exit code is set, not forced, so pending output is flushed.
process.exitCode = await runCli(process.argv.slice(2), processIo());
