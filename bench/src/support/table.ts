/** A result table: a title, the column names, and rows of already formatted cells. */
export interface Table {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Paragraphs printed under the rows: what a row means where its label cannot say it. */
  readonly notes?: readonly string[];
}

/**
 * Renders a table as GitHub Markdown with padded columns, so the same text reads well in a terminal
 * and pastes unchanged into BENCHMARKS.md. Columns after the first are right-aligned (they hold figures).
 */
export function renderTable({ title, columns, rows, notes = [] }: Table): string {
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, index) => (index === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [`### ${title}`, '', line(columns), rule, ...rows.map(line), '', ...notes.flatMap((note) => [note, ''])].join('\n');
}
