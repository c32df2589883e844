import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/index.ts';
import { developmentSecret } from '../../platform/security/dev-secret.ts';
import { type CardCipher, createCardCipher, parseVaultKeys, VaultKeyConfigError } from './card-crypto.ts';

/**
 * The vault's keyring from configuration (`VAULT_ENCRYPTION_KEYS`, required in production).
 *
 * In development and test without that variable, a random key is generated once and kept in
 * `{DATA_DIR}/vault-dev-key` (mode 0600), so cards stored in a dev database stay readable across restarts.
 * Deleting that file makes the dev database's stored cards unreadable, exactly as losing a real key would.
 */
export const DEV_KEY_FILE = 'vault-dev-key';
const DEV_KEY_ID = 'dev';

/**
 * The keyring of one process, built once by the composition root; a bad configuration stops the start.
 */
export function loadVaultCipher(config: AppConfig): CardCipher {
  const spec = config.vaultEncryptionKeys ?? devKeySpec(config);
  const { keys, activeKeyId } = parseVaultKeys(spec);
  return createCardCipher(keys, activeKeyId);
}

function devKeySpec(config: AppConfig): string {
  if (config.env === 'production') {
    throw new VaultKeyConfigError('VAULT_ENCRYPTION_KEYS is required in production');
  }
  return developmentSecret(
    config.dataDir,
    DEV_KEY_FILE,
    () => `${DEV_KEY_ID}:${randomBytes(32).toString('base64')}`,
  );
}
