import { readFileSync, readdirSync } from 'node:fs';
import { posix } from 'node:path';

// The repository's markdown as GitHub renders it, for the tests that keep the guides honest: the
// fenced blocks they hold (the quickstart tests run them), their headings' anchors and their links
// (the link test resolves them).

/** The repository's root, as a path ending with `/`. */
export const ROOT = new URL('../../', import.meta.url).pathname;

/** The start page and the guides: every markdown file that may hold a quickstart. */
export function guideFiles(): string[] {
  const docs = readdirSync(`${ROOT}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** The guides and every package's README: the files whose links must resolve. */
export function linkedFiles(): string[] {
  const packages = readdirSync(`${ROOT}packages`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/README.md`)
    .filter((file) => exists(file))
    .sort();
  return [...guideFiles(), ...packages];
}

export function readMarkdown(file: string): string {
  return readFileSync(`${ROOT}${file}`, 'utf8');
}

export function exists(file: string): boolean {
  try {
    readFileSync(`${ROOT}${file}`);
    return true;
  } catch (error) {
    // A directory is a valid link target on GitHub.
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') return true;
    return false;
  }
}

/** One fenced block: its file, the heading it sits under, its info string's language, its text. */
export interface CodeBlock {
  readonly file: string;
  readonly heading: string;
  readonly lang: string;
  /** The rest of its info string after the language (`no-run: why`), `''` when there is none. */
  readonly info: string;
  readonly code: string;
  /** The 1-based line of its opening fence. */
  readonly line: number;
}

/** One line of a markdown file: inside a fenced block or not, and whether it opens or closes one. */
interface Line {
  readonly text: string;
  readonly number: number;
  readonly fenced: boolean;
  /** On an opening fence: the info string's first word (the language), `''` when there is none. */
  readonly opens?: string;
  /** On an opening fence: the rest of the info string, trimmed. */
  readonly info?: string;
  readonly closes?: true;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

function lines(text: string): Line[] {
  const result: Line[] = [];
  let open: string | undefined;
  text.split('\n').forEach((line, index) => {
    const number = index + 1;
    const fence = FENCE.exec(line);
    if (open === undefined) {
      if (fence === null) return void result.push({ text: line, number, fenced: false });
      open = fence[1]!;
      const info = fence[2]!.trim();
      const lang = info.split(/\s+/)[0] ?? '';
      return void result.push({ text: line, number, fenced: true, opens: lang, info: info.slice(lang.length).trim() });
    }
    // A closing fence: the same character, at least as long, nothing after it.
    const closes = fence !== null && fence[1]![0] === open[0] && fence[1]!.length >= open.length && fence[2]!.trim() === '';
    if (closes) open = undefined;
    result.push(closes ? { text: line, number, fenced: true, closes } : { text: line, number, fenced: true });
  });
  return result;
}

/** Every fenced block of a file, with the nearest heading above it. */
export function codeBlocks(file: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let heading = '';
  let current: { lang: string; info: string; line: number; body: string[] } | undefined;
  for (const line of lines(readMarkdown(file))) {
    if (line.opens !== undefined) current = { lang: line.opens, info: line.info ?? '', line: line.number, body: [] };
    else if (line.closes === true && current !== undefined) {
      const { lang, info } = current;
      blocks.push({ file, heading, lang, info, code: `${current.body.join('\n')}\n`, line: current.line });
      current = undefined;
    } else if (line.fenced) current?.body.push(line.text);
    else heading = HEADING.exec(line.text)?.[2] ?? heading;
  }
  return blocks;
}

/** The text a heading renders to: code spans, emphasis and links reduced to their words. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)(.+?)\1/g, '$2');
}

/**
 * The anchor GitHub gives a heading (github-slugger, which GitHub's renderer follows): lower case,
 * every character but letters, marks, digits, connector punctuation, spaces and hyphens dropped,
 * spaces turned into hyphens.
 */
export function githubSlug(heading: string): string {
  return headingText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a file: its headings' slugs, a repeated one numbered as GitHub numbers it (`-1`, `-2`). */
export function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of lines(readMarkdown(file))) {
    if (line.fenced) continue;
    const match = HEADING.exec(line.text);
    if (match === null) continue;
    const slug = githubSlug(match[2]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** One link of a file, as written, and where. */
export interface Link {
  readonly file: string;
  readonly target: string;
  readonly line: number;
}

const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/;

/** Every inline link, image and reference definition outside code, with its target. */
export function links(file: string): Link[] {
  const found: Link[] = [];
  for (const line of lines(readMarkdown(file))) {
    if (line.fenced) continue;
    // A link inside a code span is text, not a link.
    const text = line.text.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, (span) => ' '.repeat(span.length));
    for (const match of text.matchAll(INLINE_LINK)) found.push({ file, target: match[1]!, line: line.number });
    const definition = REFERENCE_DEFINITION.exec(text);
    if (definition !== null) found.push({ file, target: definition[1]!, line: line.number });
  }
  return found;
}

/** This repository's address on GitHub: links to it are links into this working tree. */
export const REPOSITORY_URL = 'https://github.com/social-webhooks/social-webhooks';

/**
 * Where a link leads inside this repository: the file (relative to the root) and the anchor, or
 * `undefined` for a link elsewhere (another site, `mailto:`).
 */
export function resolveLink(link: Link): { file: string; anchor: string | undefined } | undefined {
  let target = link.target;
  if (target.startsWith(REPOSITORY_URL)) {
    const rest = target.slice(REPOSITORY_URL.length);
    // GitHub's own anchor for the repository's front page.
    if (rest === '' || rest === '#readme' || rest === '/#readme') return { file: 'README.md', anchor: undefined };
    const path = /^\/(?:blob|tree)\/[^/]+\/(.*)$/.exec(rest);
    if (path === null) throw new Error(`${link.file}:${link.line}: a link into the repository that names no file: ${target}`);
    const [file, anchor] = splitAnchor(path[1]!);
    return { file: file.replace(/\/$/, ''), anchor };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  if (target.startsWith('#')) return { file: link.file, anchor: decodeURIComponent(target.slice(1)) };
  const [path, anchor] = splitAnchor(target);
  target = posix.normalize(posix.join(posix.dirname(link.file), decodeURIComponent(path)));
  return { file: target.replace(/\/$/, ''), anchor };
}

function splitAnchor(target: string): [string, string | undefined] {
  const at = target.indexOf('#');
  return at < 0 ? [target, undefined] : [target.slice(0, at), decodeURIComponent(target.slice(at + 1))];
}
