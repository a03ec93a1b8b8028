import type { Command, OptionSpec } from '../command.js';
import { optionsOf } from '../args/parse-command-args.js';
import { EXIT_CODES } from '../exit-codes.js';

const EXITS = [
  `  ${EXIT_CODES.ok}   done (filter test passed, receiver answered 2xx)`,
  `  ${EXIT_CODES.failed}   the answer is no (filter test failed, receiver answered non-2xx)`,
  `  ${EXIT_CODES.usage}   usage error (bad flag or value, bad JSON, config refused locally)`,
  `  ${EXIT_CODES.api}   API error (the service answered an error)`,
  `  ${EXIT_CODES.network}   network error (no answer, time-out)`,
];

/** The help of one command, from its definition. */
export function commandHelp(command: Command): string {
  const lines = [
    `social-webhooks ${command.name}: ${command.summary}`,
    '',
    `Usage: social-webhooks ${command.usage} [options]`,
    '',
    'Options:',
  ];
  lines.push(...optionLines(optionsOf(command)));
  lines.push('', 'Examples:', ...command.examples.map((example) => `  ${example}`), '', 'Exit codes:', ...(command.exitCodes ?? EXITS));
  return `${lines.join('\n')}\n`;
}

/** The help of the program: its commands. */
export function programHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length)) + 2;
  const lines = [
    'social-webhooks: manage webhooks of the social-network event service and try your receiver.',
    '',
    'Usage: social-webhooks <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    'Run social-webhooks <command> --help for its flags. Also: --version, --help.',
    'Environment: WEBHOOKS_API_KEY, WEBHOOKS_BASE_URL (create, delete, test-filter); WEBHOOK_SECRET (send).',
    '',
    'Exit codes:',
    ...EXITS,
  ];
  return `${lines.join('\n')}\n`;
}

function optionLines(options: Readonly<Record<string, OptionSpec>>): string[] {
  const entries = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short === undefined ? '    ' : `-${spec.short}, `}--${name}${spec.valueName === undefined ? '' : ` ${spec.valueName}`}`;
    return [flag, spec.description] as const;
  });
  const width = Math.max(...entries.map(([flag]) => flag.length)) + 2;
  return entries.map(([flag, description]) => `  ${flag.padEnd(width)}${description}`);
}
