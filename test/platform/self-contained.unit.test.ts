import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `git clone … && npm ci && npm test` on a bare clone: nothing under src/ or test/ reads outside the repository
 * (the wallet vectors once came from a `shared/vectors` folder beside the clone, found by walking up from the
 * working directory). Paths in code are built from the file's own place (`import.meta.url`/`import.meta.dirname`)
 * and must stay inside the repository; nothing climbs from the working directory or walks up looking for folders.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE = /\.(ts|tsx|js|cjs|mjs)$/;

function codeFilesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(path.join('test', 'fixtures')) && !file.startsWith('src/generated'));
}

const files = [...codeFilesUnder('src'), ...codeFilesUnder('test')];
/** `dir = path.dirname(dir)`: a loop looking for something in the folders above. */
const WALKS_UP = /(\w+)\s*=\s*path\.dirname\(\s*\1\s*\)/g;

/** Block comments and whole-line comments blanked out, lines kept (comments may name anything). */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, '');
}

/** Every string literal of a file (quoted, or the text parts of a template), with its line number. */
function stringLiterals(code: string): { text: string; line: number }[] {
  const source = withoutComments(code);
  const literals: { text: string; line: number }[] = [];
  for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    const line = source.slice(0, match.index).split('\n').length;
    for (const part of text.split(/\$\{[^}]*\}/)) literals.push({ text: part, line });
  }
  return literals;
}

/** A relative path that climbs: `..`, `../x`, `./../x`. */
function climbs(text: string): boolean {
  return /^(\.\/)*\.\.(\/|$)/.test(text);
}

function outsideRepository(resolved: string): boolean {
  const relative = path.relative(ROOT, resolved);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

describe('a bare clone has everything its code and tests read', () => {
  it('finds the code under src/ and test/', () => {
    expect(files).toEqual(expect.arrayContaining(['src/main.ts', 'test/wallets/crypto/support.ts']));
  });

  it('resolves every climbing relative path from its own file to a place inside the repository', () => {
    const escapes = files.flatMap((file) =>
      stringLiterals(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter(({ text }) => climbs(text))
        .filter(({ text }) => outsideRepository(path.resolve(ROOT, path.dirname(file), text)))
        .map(({ text, line }) => `${file}:${line} '${text}'`),
    );
    expect(escapes).toEqual([]);
  });

  it('never climbs from the working directory nor walks up the folders above a path', () => {
    const climbing = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .map((text, index) => ({ text, line: index + 1 }))
        .filter(
          ({ text }) =>
            /process\.cwd\(\)/.test(text) &&
            (/path\.dirname\(\s*process\.cwd\(\)/.test(text) ||
              stringLiterals(text).some((literal) => climbs(literal.text))),
        )
        .concat(
          [...withoutComments(readFileSync(path.join(ROOT, file), 'utf8')).matchAll(WALKS_UP)].map(
            (match) => ({
              text: match[0],
              line: match.input.slice(0, match.index).split('\n').length,
            }),
          ),
        )
        .map(({ text, line }) => `${file}:${line} ${text.trim()}`),
    );
    expect(climbing).toEqual([]);
  });

  it('names no folder that lives beside a checkout', () => {
    const named = files.flatMap((file) =>
      stringLiterals(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter(({ text }) => /(^|\/)shared\/(vectors|spec)\b|^\/work\//.test(text))
        .map(({ text, line }) => `${file}:${line} '${text}'`),
    );
    expect(named).toEqual([]);
  });

  it('lets CI run the README test command on the clone alone', () => {
    const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    expect(ci).not.toMatch(/\bgit\s+clone\b|\.\.\//);
    expect(ci).toMatch(/^npm ci && npm test$/m);
  });
});
