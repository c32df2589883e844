import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type AppConfig, parseConfig } from '../../src/config/index.ts';
import { VaultKeyConfigError } from '../../src/modules/vault/card-crypto.ts';
import { DEV_KEY_FILE, loadVaultCipher } from '../../src/modules/vault/vault-keys.ts';
import { type AppServices, buildDeps } from '../../src/services.ts';

/** The services of an app that never touches its database or job queue (building deps uses neither). */
function servicesOf(config: AppConfig): AppServices {
  return {
    config,
    orm: null as never,
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
    jobs: null as never,
    notifications: null as never,
    onShutdown: () => undefined,
    lifecycle: { draining: false },
  };
}

describe('vault keyring from configuration', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vault-keys-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('uses VAULT_ENCRYPTION_KEYS when set, the first key being active', () => {
    const config = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      VAULT_ENCRYPTION_KEYS:
        'k2:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=,k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    });
    expect(loadVaultCipher(config).activeKeyId).toBe('k2');
  });

  it('generates a development key once, keeps it under DATA_DIR and reuses it after a restart', async () => {
    const config = parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const sealed = loadVaultCipher(config).encrypt('4111111111111111', 'row');
    const file = path.join(dataDir, DEV_KEY_FILE);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^dev:[A-Za-z0-9+/]{43}=$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const restarted = loadVaultCipher(parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    expect(restarted.decrypt(sealed, 'row')).toBe('4111111111111111');
  });

  it('refuses to run production without configured keys', () => {
    const config = { ...parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), env: 'production' as const };
    expect(() => loadVaultCipher(config)).toThrow(VaultKeyConfigError);
  });

  it('builds one keyring per running app configuration', () => {
    const app = buildDeps(servicesOf(parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })));
    const other = buildDeps(servicesOf(parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })));
    // Every request of one app carries the app's deps (with its own logger), so the same keyring.
    const vaultCipherFor = (deps: typeof app) => ({ ...deps, logger: deps.logger.child({}) }).cipher;
    expect(vaultCipherFor(app)).toBe(vaultCipherFor(app));
    expect(vaultCipherFor(other)).not.toBe(vaultCipherFor(app));
  });
});
