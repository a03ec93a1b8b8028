/**
 * Refuses the keys of `value` that are not in `known`, with a "did you mean" suggestion: a
 * misspelled option (`dedupe: { ttl: 5 }`, `onEvent`) would otherwise be ignored in silence, and the
 * receiver would run with a default the caller meant to change.
 *
 * @param where how the object is named in the message: `options`, `dedupe`.
 * @param aliases suggestions for names too far from the right one to be found by spelling.
 */
export function refuseUnknownKeys(
  value: object,
  known: readonly string[],
  where: string,
  fail: (message: string) => never,
  aliases: Readonly<Record<string, string>> = {},
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const suggestion = Object.hasOwn(aliases, key) ? aliases[key] : closest(key, known);
    fail(
      `\`${where}\` has the unknown key ${JSON.stringify(key)}${suggestion === undefined ? '.' : `: did you mean ${suggestion}?`} ` +
        `Known keys: ${known.join(', ')}.`,
    );
  }
}

/** The known key a typo most likely meant: one that starts with it, shares its start, or is a few edits away. */
function closest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const prefixed = known.find((name) => name.toLowerCase().startsWith(lower) && lower.length >= 3);
  if (prefixed !== undefined) return `\`${prefixed}\``;
  // `maxBodySize` for `maxBodyBytes`: the same start, another word at the end.
  const sharing = known.find((name) => commonPrefix(lower, name.toLowerCase()) >= Math.max(4, Math.ceil(key.length / 2)));
  if (sharing !== undefined) return `\`${sharing}\``;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best === undefined ? undefined : `\`${best}\``;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function commonPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}
