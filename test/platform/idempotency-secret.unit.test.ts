import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/config/index.ts';
import {
  IDEMPOTENCY_DEV_SECRET_FILE,
  IdempotencySecretError,
  loadIdempotencySecret,
} from '../../src/platform/http/idempotency-secret.ts';

describe('the idempotency secret from configuration', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'idempotency-secret-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('uses IDEMPOTENCY_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    const config = parseConfig({ DATA_DIR: dataDir, IDEMPOTENCY_SECRET: secret });
    expect(loadIdempotencySecret(config).toString()).toBe(secret);
  });

  it('refuses a short secret, and production without one', () => {
    expect(() => parseConfig({ IDEMPOTENCY_SECRET: 'short' })).toThrow(
      /IDEMPOTENCY_SECRET: must be at least 32/,
    );
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /IDEMPOTENCY_SECRET: is required in production/,
    );
    const config = { ...parseConfig({ DATA_DIR: dataDir }), env: 'production' as const };
    expect(() => loadIdempotencySecret(config)).toThrow(IdempotencySecretError);
  });

  it('generates a development secret once under DATA_DIR, readable by its owner only, and reuses it', async () => {
    const first = loadIdempotencySecret(parseConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, IDEMPOTENCY_DEV_SECRET_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString());
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadIdempotencySecret(parseConfig({ DATA_DIR: dataDir }))).toEqual(first);
  });
});
