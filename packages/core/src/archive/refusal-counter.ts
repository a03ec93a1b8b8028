/**
 * Refusals counted by code, in this process: what an archive keeps of a delivery refused before
 * its event was read (a forgery among them). A count, never the delivery, and no store call: a
 * flood of forgeries costs the store nothing.
 */
export function refusalCounter(): { count(code: string): void; counts(): Readonly<Record<string, number>> } {
  const counts = new Map<string, number>();
  return {
    count: (code) => void counts.set(code, (counts.get(code) ?? 0) + 1),
    counts: () => Object.fromEntries(counts),
  };
}
