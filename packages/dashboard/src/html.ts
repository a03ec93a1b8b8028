/** Markup that is already escaped: what {@link html} returns, and what it inserts as is. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text escaped for an element's content or a quoted attribute (HTML §13.1.2.3 and §13.1.2.4). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

type Part = SafeHtml | string | number | undefined | false | readonly Part[];

/**
 * A template of markup: every value put in is escaped, except markup made by `html` itself, so a
 * value from a delivery (an event name, a header, a body) can only ever be text.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Part[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => (out += render(value) + strings[index + 1]!));
  return new SafeHtml(out);
}

function render(value: Part): string {
  if (value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** A time as ISO 8601 in UTC, to the second. */
export function isoTime(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms) ? '' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
