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

  it('times a 3-D Secure challenge out after ten minutes by default, and takes only a positive exact ISO 8601 duration', () => {
    expect(parseConfig({}).threeDSecureChallengeTimeoutMs).toBe(600_000);
    expect(parseConfig({ THREE_D_SECURE_CHALLENGE_TIMEOUT: 'PT5M' }).threeDSecureChallengeTimeoutMs).toBe(
      300_000,
    );
    for (const wrong of ['PT0S', '10m', 'P1M', 'PT5M junk', 'PT-5M']) {
      expect(() => parseConfig({ THREE_D_SECURE_CHALLENGE_TIMEOUT: wrong })).toThrow(
        /THREE_D_SECURE_CHALLENGE_TIMEOUT: must be a positive ISO 8601 duration/,
      );
    }
  });
});
