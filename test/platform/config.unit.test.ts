import { ConfigError, parseConfig, pathPrefixOf } from '../../src/config/index.ts';

describe('configuration', () => {
  it('serves everything from one process on port 3000 by default', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://127.0.0.1:3000');
    expect(config.tokenVaultUrl).toBe('http://127.0.0.1:3000/vault');
    expect(config.walletBTokenUrl).toBe('http://127.0.0.1:3000/wallet-b');
    expect(config.merchantPortalUrl).toBe('http://127.0.0.1:3000/portal');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('derives the vault and wallet B hosts from BASE_URL and keeps explicit ones', () => {
    const config = parseConfig({
      BASE_URL: 'https://pay.example/',
      TOKEN_VAULT_URL: 'https://vault.example',
    });
    expect(config.baseUrl).toBe('https://pay.example');
    expect(config.tokenVaultUrl).toBe('https://vault.example');
    expect(config.walletBTokenUrl).toBe('https://pay.example/wallet-b');
    expect(pathPrefixOf(config.walletBTokenUrl)).toBe('/wallet-b');
  });

  it('lists every problem at once instead of stopping at the first', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', BASE_URL: 'ftp://x', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://db' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/BASE_URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect(problems).toMatch(/DATABASE_URL/);
  });

  it('requires a database and vault keys in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /VAULT_ENCRYPTION_KEYS: is required[\s\S]*DATABASE_URL/,
    );
  });
});
