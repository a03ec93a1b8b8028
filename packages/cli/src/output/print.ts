import type { CommandContext } from '../command.js';

/** Prints the result: `json` as one JSON document with `--json`, else the human lines. */
export function print(context: CommandContext, json: unknown, lines: readonly string[]): void {
  if (context.json) context.io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  else context.io.stdout(`${lines.join('\n')}\n`);
}
