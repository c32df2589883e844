import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the merchant portal with Vite when its built files are missing or stale: the build folder carries a
 * stamp, the SHA-256 of the portal's sources, the SDL, the lock file and the base path; an unchanged stamp
 * means nothing to do (a few milliseconds), so `npm start` and `npm test` can call this every time.
 *
 * `npm run portal:build` runs it for MERCHANT_PORTAL_URL's path (default `/portal/`).
 */

const PORTAL_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(PORTAL_DIR);
export const PORTAL_BUILD_DIR = path.join(PORTAL_DIR, 'dist');
/**
 * The portal's trusted documents (codegen's client preset, `persistedDocuments`: sha256 id -> document), which
 * the server loads at start: a signed-in user may execute only these (src/platform/graphql/trusted-documents.ts).
 */
export const PERSISTED_DOCUMENTS_FILE = path.join(PORTAL_DIR, 'src', 'gql', 'persisted-documents.json');
const STAMP = '.build-stamp';
const IGNORED = new Set(['dist', 'node_modules']);

export interface PortalBuild {
  built: boolean;
  milliseconds: number;
}

/** `base` is the URL path the portal is served at, with a trailing slash (e.g. `/portal/`). */
export async function ensurePortalBuilt(base: string): Promise<PortalBuild> {
  const started = performance.now();
  const stamp = await sourceStamp(base);
  const current = await readFile(path.join(PORTAL_BUILD_DIR, STAMP), 'utf8').catch(() => null);
  if (current === stamp) return { built: false, milliseconds: performance.now() - started };

  // Built beside the served folder, then swapped in: a running server never serves half a build.
  const staging = path.join(PORTAL_DIR, `.dist-${process.pid}-${Date.now()}`);
  try {
    await runVite(base, staging);
    await writeFile(path.join(staging, STAMP), stamp);
    await rm(PORTAL_BUILD_DIR, { recursive: true, force: true });
    await rename(staging, PORTAL_BUILD_DIR);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { built: true, milliseconds: performance.now() - started };
}

async function sourceStamp(base: string): Promise<string> {
  const hash = createHash('sha256').update(`base ${base}\n`);
  const files = [
    ...(await filesUnder(PORTAL_DIR)),
    ...(await filesUnder(path.join(ROOT, 'schema'))),
    path.join(ROOT, 'package-lock.json'),
  ];
  for (const file of files.sort()) {
    hash.update(`${path.relative(ROOT, file)}\n`).update(await readFile(file));
  }
  return hash.digest('hex');
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      const [top] = path.relative(dir, file).split(path.sep);
      return !IGNORED.has(top!) && !top!.startsWith('.dist-');
    });
}

/** Vite in a child process, so its bundler's memory never stays in the server. */
function runVite(base: string, outDir: string): Promise<void> {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--config', path.join(PORTAL_DIR, 'vite.config.ts'), '--base', base];
  args.push('--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: PORTAL_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the portal failed (vite exited with ${code})`)),
    );
  });
}

/** The URL path the portal is served at, from MERCHANT_PORTAL_URL (or BASE_URL/portal). */
export function portalBase(merchantPortalUrl: string): string {
  return `${new URL(merchantPortalUrl).pathname.replace(/\/+$/, '')}/`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { parseConfig } = await import('../src/config/index.ts');
  const result = await ensurePortalBuilt(portalBase(parseConfig().merchantPortalUrl));
  process.stdout.write(
    `portal ${result.built ? 'built' : 'up to date'} in ${Math.round(result.milliseconds)} ms (${PORTAL_BUILD_DIR})\n`,
  );
}
