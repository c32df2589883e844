import {
  type OpenWalletBTokenOptions,
  openWalletBToken,
  parseWalletBRootSigningKeys,
  walletBSignedBytes,
} from '../../../src/modules/wallets/crypto/index.ts';
import { createWalletBTestKit, type WalletBTestKit } from '../../factories/wallet-tokens.ts';
import { flipBase64Bit, walletErrorFrom } from './support.ts';

const now = new Date('2026-03-01T12:00:00Z');
const inOneHour = new Date(now.getTime() + 3600_000);
const inOneWeek = new Date(now.getTime() + 7 * 24 * 3600_000);
const kit = createWalletBTestKit();

function optionsFor(
  testKit: WalletBTestKit,
  overrides: Partial<OpenWalletBTokenOptions> = {},
): OpenWalletBTokenOptions {
  return {
    recipientId: testKit.recipientId,
    recipientPrivateKeys: [testKit.recipientPrivateKey],
    rootSigningKeys: parseWalletBRootSigningKeys(testKit.rootSigningKeysJson),
    now,
    ...overrides,
  };
}

function makeToken(overrides: Parameters<WalletBTestKit['makeToken']>[0] = {}): string {
  return kit.makeToken({ messageExpiration: inOneHour, keyExpiration: inOneWeek, ...overrides });
}

function codeOf(token: unknown, options: OpenWalletBTokenOptions = optionsFor(kit)): string {
  return walletErrorFrom(() => openWalletBToken(token, options)).code;
}

describe('wallet B tokens made by the test kit', () => {
  it('opens a PAN_ONLY token with an empty cryptogram', () => {
    const token = makeToken({ pan: '5555555555554444', expirationMonth: 3, expirationYear: 2029 });

    expect(openWalletBToken(token, optionsFor(kit))).toMatchObject({
      pan: '5555555555554444',
      expiry: '032029',
      authMethod: 'PAN_ONLY',
      cryptogram: '',
      eciIndicator: '',
    });
  });

  it('opens a CRYPTOGRAM_3DS token with its cryptogram and ECI indicator', () => {
    const token = makeToken({
      authMethod: 'CRYPTOGRAM_3DS',
      cryptogram: 'AgAAAAAAAIR8CQrXcIhbQAAAAAA=',
      eci: '05',
    });

    expect(openWalletBToken(token, optionsFor(kit))).toMatchObject({
      pan: '4111111111111111',
      authMethod: 'CRYPTOGRAM_3DS',
      cryptogram: 'AgAAAAAAAIR8CQrXcIhbQAAAAAA=',
      eciIndicator: '05',
    });
  });

  it('gives an empty ECI indicator for a CRYPTOGRAM_3DS token that carries none', () => {
    const token = makeToken({ authMethod: 'CRYPTOGRAM_3DS' });
    expect(openWalletBToken(token, optionsFor(kit)).eciIndicator).toBe('');
  });

  it('takes the recipient private key as PEM as well as Base64 PKCS#8', () => {
    const options = optionsFor(kit, { recipientPrivateKeys: [kit.recipientPrivateKeyPem] });
    expect(openWalletBToken(makeToken(), options).pan).toBe('4111111111111111');
  });

  it('tries each recipient private key, so keys can be rotated', () => {
    const otherKit = createWalletBTestKit();
    const options = optionsFor(kit, {
      recipientPrivateKeys: [otherKit.recipientPrivateKey, kit.recipientPrivateKey],
    });
    expect(openWalletBToken(makeToken(), options).pan).toBe('4111111111111111');
  });

  it('cannot decrypt with only another recipient private key', () => {
    const otherKit = createWalletBTestKit();
    const options = optionsFor(kit, { recipientPrivateKeys: [otherKit.recipientPrivateKey] });
    expect(codeOf(makeToken(), options)).toBe('decryption_failed');
  });

  it('refuses a token signed for another recipient', () => {
    expect(codeOf(makeToken({ recipientId: 'merchant:99999999999999999999' }))).toBe('signature_invalid');
  });

  it('refuses a token whose message signature was changed', () => {
    const token = JSON.parse(makeToken());
    expect(codeOf({ ...token, signature: flipBase64Bit(token.signature, -1) })).toBe('signature_invalid');
  });

  it('refuses a token whose encrypted message was changed', () => {
    const token = JSON.parse(makeToken());
    const signedMessage = JSON.parse(token.signedMessage);
    const tampered = JSON.stringify({
      ...signedMessage,
      encryptedMessage: flipBase64Bit(signedMessage.encryptedMessage, 3),
    });
    expect(codeOf({ ...token, signedMessage: tampered })).toBe('signature_invalid');
  });

  it('refuses a token whose intermediate key is signed by another root', () => {
    const otherKit = createWalletBTestKit({ recipientId: kit.recipientId });
    const token = otherKit.makeToken({ messageExpiration: inOneHour, keyExpiration: inOneWeek });
    expect(codeOf(token)).toBe('signature_invalid');
  });

  it('refuses a token whose intermediate signing key has expired', () => {
    expect(codeOf(makeToken({ keyExpiration: new Date(now.getTime() - 1) }))).toBe('signing_key_expired');
  });

  it('refuses a token whose message has expired', () => {
    expect(codeOf(makeToken({ messageExpiration: new Date(now.getTime() - 1) }))).toBe('message_expired');
  });

  it('ignores a root signing key that has expired', () => {
    const expiredRoot = createWalletBTestKit({ rootKeyExpiration: new Date(now.getTime() - 1) });
    const token = expiredRoot.makeToken({ messageExpiration: inOneHour, keyExpiration: inOneWeek });
    expect(codeOf(token, optionsFor(expiredRoot))).toBe('signing_key_expired');
  });

  it('refuses another protocol version', () => {
    expect(codeOf({ ...JSON.parse(makeToken()), protocolVersion: 'ECv1' })).toBe('unsupported_version');
  });

  it('refuses text that is not a token', () => {
    expect(codeOf('{"protocolVersion":')).toBe('malformed_token');
    expect(
      codeOf({ ...JSON.parse(makeToken()), intermediateSigningKey: { signedKey: '{}', signatures: [] } }),
    ).toBe('malformed_token');
  });

  it('refuses a CRYPTOGRAM_3DS message without a cryptogram, without putting the PAN in the message', () => {
    const token = makeToken({
      messageOverride: {
        messageExpiration: String(inOneHour.getTime()),
        messageId: 'm-1',
        paymentMethod: 'CARD',
        paymentMethodDetails: {
          pan: '4111111111111111',
          expirationMonth: 12,
          expirationYear: 2030,
          authMethod: 'CRYPTOGRAM_3DS',
        },
      },
    });
    const error = walletErrorFrom(() => openWalletBToken(token, optionsFor(kit)));

    expect(error.code).toBe('malformed_payment_data');
    expect(error.message).not.toContain('4111111111111111');
  });
});

describe('walletBSignedBytes', () => {
  it('prefixes each part with its byte length as 4-byte little-endian', () => {
    expect(walletBSignedBytes('Google', 'é').toString('hex')).toBe(
      `06000000${Buffer.from('Google').toString('hex')}02000000c3a9`,
    );
  });
});
