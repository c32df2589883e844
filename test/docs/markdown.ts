import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

/** The repository's root: README.md and docs/ are read from here. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

const markdown = new MarkdownIt({ html: true });
type Token = ReturnType<typeof markdown.parse>[number];

/** One Markdown file of the documentation, parsed once. */
export interface MarkdownFile {
  /** Path from the repository root, e.g. `docs/refunds.md`. */
  file: string;
  tokens: Token[];
}

/** README.md first, then every Markdown file under docs/ (the index first, then by path). */
export function documentationFiles(): MarkdownFile[] {
  const docs = walk(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.relative(ROOT, file))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return ['README.md', ...docs].map((file) =>
    parseMarkdown(file, readFileSync(path.join(ROOT, file), 'utf8')),
  );
}

export function parseMarkdown(file: string, text: string): MarkdownFile {
  return { file, tokens: markdown.parse(text, {}) };
}

function rank(file: string): number {
  return file === 'docs/README.md' ? 0 : 1;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The anchors GitHub gives the file's headings (`#refunds`, duplicates as `#errors-1`), and explicit ids. */
export function anchorsOf(file: MarkdownFile): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  file.tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(plainText(file.tokens[index + 1]!)));
    for (const html of [token, ...(token.children ?? [])].filter((t) => t.type.startsWith('html_'))) {
      for (const match of html.content.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
    }
  });
  return anchors;
}

/** A heading's text as GitHub renders it (markup and link targets left out). */
function plainText(inline: Token): string {
  return (inline.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

/** Every link and image target of the file, with the line it is on. */
export function linksOf(file: MarkdownFile): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let line = 1;
  for (const token of file.tokens) {
    if (token.map) line = token.map[0] + 1;
    for (const child of token.children ?? []) {
      const target =
        child.type === 'link_open'
          ? child.attrGet('href')
          : child.type === 'image'
            ? child.attrGet('src')
            : null;
      if (target !== null) links.push({ target: String(target), line });
    }
  }
  return links;
}

/** A fenced code block: its language (`sh`, `graphql`, …), its text and the line it starts on. */
export interface CodeBlock {
  file: string;
  language: string;
  content: string;
  line: number;
}

export function codeBlocksOf(file: MarkdownFile): CodeBlock[] {
  return file.tokens
    .filter((token) => token.type === 'fence')
    .map((token) => ({
      file: file.file,
      language: token.info.trim().split(/\s+/)[0] ?? '',
      content: token.content,
      line: (token.map?.[0] ?? 0) + 1,
    }));
}
