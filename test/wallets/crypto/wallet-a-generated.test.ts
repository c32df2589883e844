import {
  type OpenWalletATokenOptions,
  openWalletAToken,
  type WalletAToken,
} from '../../../src/modules/wallets/crypto/index.ts';
import { createWalletATestKit, type WalletATestKit } from '../../factories/wallet-tokens.ts';
import { flipBase64Bit, walletErrorFrom } from './support.ts';

const now = new Date('2026-03-01T12:00:00Z');
const kit = createWalletATestKit();

function optionsFor(
  testKit: WalletATestKit,
  overrides: Partial<OpenWalletATokenOptions> = {},
): OpenWalletATokenOptions {
  return { merchantKeys: [testKit.merchantKey], rootCaPem: testKit.rootCaPem, now, ...overrides };
}

function codeOf(token: unknown, options: OpenWalletATokenOptions = optionsFor(kit)): string {
  return walletErrorFrom(() => openWalletAToken(token, options)).code;
}

describe('wallet A tokens made by the test kit', () => {
  it('opens an EC_v1 token to its card data with the expiry as MMYYYY', () => {
    const token = kit.makeToken({
      pan: '5555555555554444',
      expiry: '280531',
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eci: '02',
      amount: 12345,
      currencyCode: '978',
      signingTime: now,
    });

    expect(openWalletAToken(token, optionsFor(kit))).toMatchObject({
      pan: '5555555555554444',
      expiry: '052028',
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eciIndicator: '02',
      currencyCode: '978',
      transactionAmount: 12345,
      paymentDataType: '3DSecure',
    });
  });

  it('accepts the token as JSON text', () => {
    const token = kit.makeToken({ signingTime: now });
    expect(openWalletAToken(JSON.stringify(token), optionsFor(kit)).pan).toBe('4111111111111111');
  });

  it('gives an empty ECI indicator when the network sends none', () => {
    const token = kit.makeToken({ eci: null, signingTime: now });
    expect(openWalletAToken(token, optionsFor(kit)).eciIndicator).toBe('');
  });

  it('covers applicationData with the signature', () => {
    const token = kit.makeToken({ applicationData: 'c0ffee', signingTime: now });
    expect(openWalletAToken(token, optionsFor(kit)).pan).toBe('4111111111111111');

    const tampered = { ...token, header: { ...token.header, applicationData: 'c0ffef' } };
    expect(codeOf(tampered)).toBe('signature_invalid');
  });

  it('refuses a token whose encrypted data was changed', () => {
    const token = kit.makeToken({ signingTime: now });
    expect(codeOf({ ...token, data: flipBase64Bit(token.data, 0) })).toBe('signature_invalid');
  });

  it('refuses a token whose ephemeral public key was swapped', () => {
    const token = kit.makeToken({ signingTime: now });
    const other = kit.makeToken({ signingTime: now });
    const tampered = {
      ...token,
      header: { ...token.header, ephemeralPublicKey: other.header.ephemeralPublicKey },
    };
    expect(codeOf(tampered)).toBe('signature_invalid');
  });

  it('refuses a token whose signature value was changed', () => {
    const token = kit.makeToken({ signingTime: now });
    expect(codeOf({ ...token, signature: flipBase64Bit(token.signature, -1) })).toBe('signature_invalid');
  });

  it('refuses a token whose signature is not CMS', () => {
    const token = kit.makeToken({ signingTime: now });
    expect(codeOf({ ...token, signature: Buffer.from('not a signature').toString('base64') })).toBe(
      'malformed_token',
    );
  });

  it('accepts a signing time within five minutes of now by default', () => {
    const token = kit.makeToken({ signingTime: new Date(now.getTime() - 4 * 60_000) });
    expect(openWalletAToken(token, optionsFor(kit)).pan).toBe('4111111111111111');
  });

  it('refuses a signing time more than five minutes old by default', () => {
    const token = kit.makeToken({ signingTime: new Date(now.getTime() - 6 * 60_000) });
    expect(codeOf(token)).toBe('signing_time_out_of_range');
  });

  it('refuses a signing time too far in the future', () => {
    const token = kit.makeToken({ signingTime: new Date(now.getTime() + 6 * 60_000) });
    expect(codeOf(token)).toBe('signing_time_out_of_range');
  });

  it('applies a configured maxSigningAgeMs', () => {
    const token = kit.makeToken({ signingTime: new Date(now.getTime() - 60_000) });
    expect(codeOf(token, optionsFor(kit, { maxSigningAgeMs: 30_000 }))).toBe('signing_time_out_of_range');
    expect(openWalletAToken(token, optionsFor(kit, { maxSigningAgeMs: 120_000 })).pan).toBe(
      '4111111111111111',
    );
  });

  it('refuses a token whose publicKeyHash matches no merchant key', () => {
    const otherMerchant = createWalletATestKit();
    const token = kit.makeToken({ signingTime: now });
    expect(codeOf(token, optionsFor(kit, { merchantKeys: [otherMerchant.merchantKey] }))).toBe(
      'unknown_public_key_hash',
    );
  });

  it('refuses a token whose chain ends in another root', () => {
    const otherKit = createWalletATestKit();
    const token = otherKit.makeToken({ signingTime: now });
    expect(codeOf(token, optionsFor(otherKit, { rootCaPem: kit.rootCaPem }))).toBe(
      'certificate_chain_invalid',
    );
  });

  it('refuses a signing certificate without the leaf marker extension', () => {
    const unmarked = createWalletATestKit({ omitLeafMarker: true });
    expect(codeOf(unmarked.makeToken({ signingTime: now }), optionsFor(unmarked))).toBe(
      'certificate_chain_invalid',
    );
  });

  it('refuses an intermediate certificate without its marker extension', () => {
    const unmarked = createWalletATestKit({ omitIntermediateMarker: true });
    expect(codeOf(unmarked.makeToken({ signingTime: now }), optionsFor(unmarked))).toBe(
      'certificate_chain_invalid',
    );
  });

  it('refuses a signing certificate that is not valid at the injected clock', () => {
    const expired = createWalletATestKit({
      leafValidity: {
        notBefore: new Date('2020-01-01T00:00:00Z'),
        notAfter: new Date('2025-01-01T00:00:00Z'),
      },
    });
    expect(codeOf(expired.makeToken({ signingTime: now }), optionsFor(expired))).toBe(
      'certificate_chain_invalid',
    );
  });

  it('refuses an unknown token version', () => {
    const token = kit.makeToken({ signingTime: now });
    expect(codeOf({ ...token, version: 'EC_v2' })).toBe('unsupported_version');
  });

  it('refuses a token with a missing or non-Base64 field', () => {
    const token: WalletAToken = kit.makeToken({ signingTime: now });
    expect(codeOf({ ...token, header: undefined })).toBe('malformed_token');
    expect(codeOf({ ...token, data: 'not*base64' })).toBe('malformed_token');
    expect(codeOf({ ...token, header: { ...token.header, transactionId: 'xyz' } })).toBe('malformed_token');
    expect(codeOf('{not json')).toBe('malformed_token');
  });

  it('refuses decrypted payment data without an expiry, without putting the PAN in the message', () => {
    const token = kit.makeToken({
      signingTime: now,
      paymentDataOverride: {
        applicationPrimaryAccountNumber: '4111111111111111',
        currencyCode: '840',
        transactionAmount: 100,
        paymentDataType: '3DSecure',
        paymentData: { onlinePaymentCryptogram: 'AAAA' },
      },
    });
    const error = walletErrorFrom(() => openWalletAToken(token, optionsFor(kit)));

    expect(error.code).toBe('malformed_payment_data');
    expect(error.message).not.toContain('4111111111111111');
  });

  it('refuses a fractional transaction amount', () => {
    const token = kit.makeToken({ amount: 10.5, signingTime: now });
    expect(codeOf(token)).toBe('malformed_payment_data');
  });
});
