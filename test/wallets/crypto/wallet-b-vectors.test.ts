import {
  decryptWalletBSignedMessage,
  type OpenWalletBTokenOptions,
  openWalletBToken,
  parseWalletBRootSigningKeys,
  parseWalletBToken,
  verifyWalletBIntermediateSigningKey,
} from '../../../src/modules/wallets/crypto/index.ts';
import { createWalletBTestKit } from '../../factories/wallet-tokens.ts';
import { readVector, walletErrorFrom } from './support.ts';

const rootSigningKeys = parseWalletBRootSigningKeys(readVector('wallet-b', 'moov', 'root-keys.json'));
const moovToken = readVector('wallet-b', 'moov', 'token.json');
const moovParams = JSON.parse(readVector('wallet-b', 'moov', 'params.json'));

function moovOptions(overrides: Partial<OpenWalletBTokenOptions> = {}): OpenWalletBTokenOptions {
  return {
    recipientId: moovParams.recipientId,
    recipientPrivateKeys: [moovParams.recipientPrivateKeyPkcs8Base64],
    rootSigningKeys,
    now: new Date(moovParams.verifyAtEpochMs),
    ...overrides,
  };
}

describe('wallet B public vector from the provider test environment', () => {
  it('verifies and decrypts the token to the documented PAN_ONLY card', () => {
    const card = openWalletBToken(moovToken, moovOptions());

    expect(card).toMatchObject({
      pan: '4111111111111111',
      expiry: '122027',
      authMethod: 'PAN_ONLY',
      cryptogram: '',
      eciIndicator: '',
    });
    expect(card.raw).toMatchObject(moovParams.expected);
    expect(card.messageId).toBe(card.raw.messageId);
  });

  it('refuses the token for another recipient id', () => {
    const options = moovOptions({ recipientId: 'merchant:00000000000000000000' });
    expect(walletErrorFrom(() => openWalletBToken(moovToken, options)).code).toBe('signature_invalid');
  });

  it('refuses the token once the message has expired', () => {
    const now = new Date(Number(moovParams.expected.messageExpiration) + 1);
    expect(walletErrorFrom(() => openWalletBToken(moovToken, moovOptions({ now }))).code).toBe(
      'message_expired',
    );
  });

  it('refuses the token once the intermediate signing key has expired', () => {
    const now = new Date(1645569858115 + 1);
    expect(walletErrorFrom(() => openWalletBToken(moovToken, moovOptions({ now }))).code).toBe(
      'signing_key_expired',
    );
  });

  it('refuses the token when signedMessage was re-serialised instead of kept as received', () => {
    const token = JSON.parse(moovToken);
    const reserialised = { ...token, signedMessage: JSON.stringify(JSON.parse(token.signedMessage)) };
    expect(walletErrorFrom(() => openWalletBToken(reserialised, moovOptions())).code).toBe(
      'signature_invalid',
    );
  });

  it('refuses the token when the configured root keys are not the provider test root', () => {
    const { rootSigningKeys: otherRoot } = createWalletBTestKit();
    expect(
      walletErrorFrom(() => openWalletBToken(moovToken, moovOptions({ rootSigningKeys: otherRoot }))).code,
    ).toBe('signature_invalid');
  });
});

describe.each([
  {
    folder: 'bt-new',
    token: 'token.new.json',
    key: 'key.new.pem',
    messageExpiration: 1708953259025,
    pan: '4111111111111111',
    expiry: '122026',
  },
  {
    folder: 'bt-old',
    token: 'token.old.json',
    key: 'key.old.pem',
    messageExpiration: 1678476155759,
    pan: '5555555555554444',
    expiry: '122028',
  },
])('wallet B public vector $folder', (vector) => {
  const tokenJson = readVector('wallet-b', vector.folder, vector.token);
  const now = new Date(vector.messageExpiration - 60_000);

  it('has an intermediate signing key signed by the provider test root', () => {
    const intermediate = verifyWalletBIntermediateSigningKey(parseWalletBToken(tokenJson), {
      rootSigningKeys,
      now,
    });
    expect(intermediate.keyExpiration.getTime()).toBeGreaterThan(now.getTime());
  });

  it('refuses an intermediate signing key that was changed', () => {
    const token = JSON.parse(tokenJson);
    const signedKey = token.intermediateSigningKey.signedKey.replace(
      '"keyExpiration":"1',
      '"keyExpiration":"2',
    );
    const tampered = parseWalletBToken({
      ...token,
      intermediateSigningKey: { ...token.intermediateSigningKey, signedKey },
    });
    expect(
      walletErrorFrom(() => verifyWalletBIntermediateSigningKey(tampered, { rootSigningKeys, now })).code,
    ).toBe('signature_invalid');
  });

  it('decrypts to the documented PAN_ONLY card', () => {
    const token = parseWalletBToken(tokenJson);
    const recipientPrivateKeys = [readVector('wallet-b', vector.folder, vector.key)];
    const card = decryptWalletBSignedMessage(token.signedMessage, { recipientPrivateKeys, now });

    expect(card).toMatchObject({
      pan: vector.pan,
      expiry: vector.expiry,
      authMethod: 'PAN_ONLY',
      cryptogram: '',
    });
    expect(card.raw.messageExpiration).toBe(String(vector.messageExpiration));
  });

  // The README calls the recipient id unknown, but these tokens verify fully for the provider's
  // documented test merchant id, the same one the moov vector uses.
  it('verifies fully for the test merchant id merchant:12345678901234567890', () => {
    const options: OpenWalletBTokenOptions = {
      recipientId: 'merchant:12345678901234567890',
      recipientPrivateKeys: [readVector('wallet-b', vector.folder, vector.key)],
      rootSigningKeys,
      now,
    };
    expect(openWalletBToken(tokenJson, options)).toMatchObject({ pan: vector.pan, expiry: vector.expiry });
    expect(
      walletErrorFrom(() => openWalletBToken(tokenJson, { ...options, recipientId: 'merchant:1' })).code,
    ).toBe('signature_invalid');
  });
});
