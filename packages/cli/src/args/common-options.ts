import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import type { OptionSpec } from '../command.js';

/** Flags every command takes. */
export const COMMON_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'Print one JSON document on stdout, for scripts (errors too).' },
  timeout: { type: 'string', valueName: 'MS', description: `Give up after MS milliseconds (default ${DEFAULT_TIMEOUT_MS}).` },
  help: { type: 'boolean', short: 'h', description: 'Show this help.' },
};

/** Flags of the commands that call the management API. */
export const API_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'api-key': {
    type: 'string',
    valueName: 'KEY',
    description: 'The API key (default: $WEBHOOKS_API_KEY; prefer the variable, flags end up in shell history).',
  },
  'base-url': {
    type: 'string',
    valueName: 'URL',
    description: `The service's base URL (default: $WEBHOOKS_BASE_URL, else ${DEFAULT_BASE_URL}).`,
  },
};

/** Flags of the commands that call the local emulator only: its URL has no default. */
export const EMULATOR_API_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'api-key': {
    type: 'string',
    valueName: 'KEY',
    description: "The emulator's API key (default: $WEBHOOKS_API_KEY; `social-webhooks emulate` prints it).",
  },
  'base-url': {
    type: 'string',
    valueName: 'URL',
    description:
      'The URL `social-webhooks emulate` printed (default: $WEBHOOKS_BASE_URL; required: this command talks to the emulator only).',
  },
};
