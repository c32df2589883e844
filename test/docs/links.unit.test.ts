import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  anchorsOf,
  documentationFiles,
  linksOf,
  type MarkdownFile,
  parseMarkdown,
  ROOT,
} from './markdown.ts';

const files = documentationFiles();
const byPath = new Map(files.map((file) => [file.file, file]));

/** What is wrong with one relative link, or null when it leads somewhere. */
function brokenBecause(from: MarkdownFile, target: string): string | null {
  const [rawPath = '', fragment] = target.split('#', 2) as [string, string | undefined];
  const linkedPath = decodeURIComponent(rawPath);
  const file = linkedPath === '' ? from.file : path.normalize(path.join(path.dirname(from.file), linkedPath));
  if (file.startsWith('..')) return 'leads outside the repository';
  const absolute = path.join(ROOT, file);
  if (!existsSync(absolute)) return `no file ${file}`;
  if (fragment === undefined || fragment === '') return null;
  if (statSync(absolute).isDirectory()) return `${file} is a folder: it has no anchors`;
  const linked = byPath.get(file);
  if (!linked) return `${file} is not Markdown: it has no anchors`;
  return anchorsOf(linked).has(fragment) ? null : `no heading #${fragment} in ${file}`;
}

function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');
}

describe('links in README.md and docs/', () => {
  it('reads the README and every page under docs/', () => {
    expect(files.map((file) => file.file)).toEqual(
      expect.arrayContaining(['README.md', 'docs/README.md', 'docs/reference/errors.md']),
    );
  });

  it.each(files.map((file) => [file.file, file] as const))(
    'every relative link in %s leads to a file that exists, and its anchor to a heading there',
    (_name, file) => {
      const broken = linksOf(file)
        .filter((link) => isRelative(link.target))
        .map((link) => ({ ...link, because: brokenBecause(file, link.target) }))
        .filter((link) => link.because !== null)
        .map((link) => `${file.file}:${link.line} → ${link.target}: ${link.because}`);
      expect(broken).toEqual([]);
    },
  );

  it('every page under docs/ is reachable from the README through links', () => {
    const reached = new Set<string>(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      const from = byPath.get(queue.shift()!)!;
      for (const { target } of linksOf(from).filter((link) => isRelative(link.target))) {
        const linkedPath = decodeURIComponent(target.split('#')[0]!);
        if (linkedPath === '') continue;
        const file = path.normalize(path.join(path.dirname(from.file), linkedPath));
        if (byPath.has(file) && !reached.has(file)) {
          reached.add(file);
          queue.push(file);
        }
      }
    }
    expect(files.map((file) => file.file).filter((file) => !reached.has(file))).toEqual([]);
  });
});

describe('the link check itself', () => {
  const readme = byPath.get('README.md')!;

  it('finds a missing file, a missing anchor, and accepts a good link', () => {
    expect(brokenBecause(readme, 'docs/nowhere.md')).toBe('no file docs/nowhere.md');
    expect(brokenBecause(readme, 'docs/refunds.md#no-such-heading')).toBe(
      'no heading #no-such-heading in docs/refunds.md',
    );
    expect(brokenBecause(readme, 'docs/refunds.md#rules')).toBeNull();
    expect(brokenBecause(readme, '#two-commands')).toBeNull();
  });

  it('names anchors as GitHub does: lower case, punctuation dropped, duplicates numbered', () => {
    const page = parseMarkdown(
      'docs/example.md',
      '# Card payments\n## Errors\n### Errors\n## `?format=csv` (CSV report)\n<a id="kept"></a>\n',
    );
    expect([...anchorsOf(page)]).toEqual([
      'card-payments',
      'errors',
      'errors-1',
      'formatcsv-csv-report',
      'kept',
    ]);
  });
});
