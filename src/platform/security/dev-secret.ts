import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret for development and tests, generated once and kept in `{DATA_DIR}/{file}` (mode 0600), so it
 * survives restarts and is shared by every process on that data directory (server, worker, CLI). Production
 * configures its secrets explicitly; callers refuse to get here in production.
 */
export function developmentSecret(dataDir: string, file: string, generate: () => string): string {
  const location = path.resolve(dataDir, file);
  try {
    return readFileSync(location, 'utf8').trim();
  } catch {
    const secret = generate();
    mkdirSync(path.dirname(location), { recursive: true });
    // `wx`: if another process created it meanwhile, keep theirs.
    try {
      writeFileSync(location, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(location, 'utf8').trim();
    }
  }
}
