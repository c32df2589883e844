import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/config/index.ts';
import { VaultKeyConfigError } from '../../src/modules/vault/card-crypto.ts';
import { DEV_KEY_FILE, loadVaultCipher, vaultCipherFor } from '../../src/modules/vault/vault-keys.ts';

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
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const other = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(vaultCipherFor(config)).toBe(vaultCipherFor(config));
    expect(vaultCipherFor(other)).not.toBe(vaultCipherFor(config));
  });
});
