import { X509Certificate } from 'node:crypto';
import {
  type OpenWalletATokenOptions,
  openWalletAToken,
  type WalletAToken,
  walletAPublicKeyHash,
} from '../../../src/modules/wallets/crypto/index.ts';
import { createWalletATestKit } from '../../factories/wallet-tokens.ts';
import { flipBase64Bit, readVector, walletErrorFrom } from './support.ts';

interface WalletAVector {
  readonly folder: string;
  readonly token: string;
  readonly privateKey: string;
  readonly certificate: string;
  readonly signingTime: string;
  readonly expiry: string;
  readonly cryptogram: string;
}

const vectors: WalletAVector[] = [
  {
    folder: 'ec-new',
    token: 'token.new.json',
    privateKey: 'private.new.key',
    certificate: 'apple_pay.new.pem',
    signingTime: '2023-09-13T13:49:38Z',
    expiry: '022029',
    cryptogram: '/x2gvNsADhptD1JXWRhcMAACAAA=',
  },
  {
    folder: 'ec-old',
    token: 'token.old.json',
    privateKey: 'private.old.key',
    certificate: 'apple_pay.old.pem',
    signingTime: '2023-03-20T20:46:55Z',
    expiry: '122023',
    cryptogram: '/4hD3+cAE5A3VxSlUf4yMAACAAA=',
  },
  {
    folder: 'rsa',
    token: 'token.json',
    privateKey: 'private.key',
    certificate: 'apple_pay.pem',
    signingTime: '2024-01-08T17:54:44Z',
    expiry: '022029',
    cryptogram: '/w87QS0AExt/z6EPXrU2MAACAAA=',
  },
];

const rootCaPem = readVector('wallet-a', 'AppleRootCA-G3.pem');
const merchantIdentifierHash = '774d916d4c83f5f32b528d0d23576b18d6795be8250bad7e5998b5f1414740a1';

function tokenOf(vector: WalletAVector): WalletAToken {
  return JSON.parse(readVector('wallet-a', vector.folder, vector.token)).paymentData;
}

function optionsFor(
  vector: WalletAVector,
  overrides: Partial<OpenWalletATokenOptions> = {},
): OpenWalletATokenOptions {
  return {
    merchantKeys: [
      {
        certificatePem: readVector('wallet-a', vector.folder, vector.certificate),
        privateKeyPem: readVector('wallet-a', vector.folder, vector.privateKey),
      },
    ],
    rootCaPem,
    now: new Date(vector.signingTime),
    ...overrides,
  };
}

describe('wallet A public vectors', () => {
  it('uses the provider root whose SHA-256 fingerprint begins 63:34:3A:BF', () => {
    expect(new X509Certificate(rootCaPem).fingerprint256.startsWith('63:34:3A:BF')).toBe(true);
  });

  describe.each(vectors)('$folder', (vector) => {
    it('verifies and decrypts the token to the documented card as of its signing time', () => {
      const card = openWalletAToken(tokenOf(vector), optionsFor(vector));

      expect(card).toMatchObject({
        pan: '4784000000380075',
        expiry: vector.expiry,
        cryptogram: vector.cryptogram,
        eciIndicator: '7',
        currencyCode: '840',
        transactionAmount: 100,
        paymentDataType: '3DSecure',
      });
      expect(card.raw.deviceManufacturerIdentifier).toBe('040010030273');
    });

    it('computes the header publicKeyHash from the merchant certificate', () => {
      const certificatePem = readVector('wallet-a', vector.folder, vector.certificate);
      expect(walletAPublicKeyHash(certificatePem)).toBe(tokenOf(vector).header.publicKeyHash);
    });

    it('reads the merchant identifier hash that the certificate carries', () => {
      const withGivenHash = optionsFor(vector);
      const merchantKeys = withGivenHash.merchantKeys.map((key) => ({ ...key, merchantIdentifierHash }));

      expect(openWalletAToken(tokenOf(vector), { ...withGivenHash, merchantKeys }).pan).toBe(
        '4784000000380075',
      );
    });

    it('refuses the token a day after it was signed', () => {
      const now = new Date(new Date(vector.signingTime).getTime() + 24 * 3600_000);
      expect(walletErrorFrom(() => openWalletAToken(tokenOf(vector), optionsFor(vector, { now }))).code).toBe(
        'signing_time_out_of_range',
      );
    });

    it('refuses the token when the signed transaction id was changed', () => {
      const token = tokenOf(vector);
      const transactionId = `00${token.header.transactionId.slice(2)}`;
      const tampered = { ...token, header: { ...token.header, transactionId } };
      expect(walletErrorFrom(() => openWalletAToken(tampered, optionsFor(vector))).code).toBe(
        'signature_invalid',
      );
    });

    it('refuses the token when the encrypted data was changed', () => {
      const token = tokenOf(vector);
      const tampered = { ...token, data: flipBase64Bit(token.data, 5) };
      expect(walletErrorFrom(() => openWalletAToken(tampered, optionsFor(vector))).code).toBe(
        'signature_invalid',
      );
    });

    it('refuses the token when the chain must end in another root', () => {
      const { rootCaPem: otherRoot } = createWalletATestKit();
      expect(
        walletErrorFrom(() => openWalletAToken(tokenOf(vector), optionsFor(vector, { rootCaPem: otherRoot })))
          .code,
      ).toBe('certificate_chain_invalid');
    });
  });

  it.each(vectors.filter((vector) => vector.folder !== 'rsa'))(
    'cannot decrypt the $folder token with a wrong merchant identifier hash',
    (vector) => {
      const options = optionsFor(vector);
      const merchantKeys = options.merchantKeys.map((key) => ({
        ...key,
        merchantIdentifierHash: '00'.repeat(32),
      }));
      expect(
        walletErrorFrom(() => openWalletAToken(tokenOf(vector), { ...options, merchantKeys })).code,
      ).toBe('decryption_failed');
    },
  );

  it('refuses a token whose signing certificate had expired at the time of checking', () => {
    const vector = vectors[1]!; // the leaf certificate expired on 2024-05-16
    const now = new Date('2024-06-01T00:00:00Z');
    const options = optionsFor(vector, { now, maxSigningAgeMs: 10 * 365 * 24 * 3600_000 });
    expect(walletErrorFrom(() => openWalletAToken(tokenOf(vector), options)).code).toBe(
      'certificate_chain_invalid',
    );
  });

  it('refuses an RSA_v1 token whose wrapped key was changed', () => {
    const vector = vectors[2]!;
    const token = tokenOf(vector);
    const tampered = {
      ...token,
      header: { ...token.header, wrappedKey: flipBase64Bit(token.header.wrappedKey!, 9) },
    };
    expect(walletErrorFrom(() => openWalletAToken(tampered, optionsFor(vector))).code).toBe(
      'signature_invalid',
    );
  });

  it('finds the merchant key by publicKeyHash among several merchant keys', () => {
    const [ecNew, , rsa] = vectors as [WalletAVector, WalletAVector, WalletAVector];
    const merchantKeys = [...optionsFor(ecNew).merchantKeys, ...optionsFor(rsa).merchantKeys];
    const card = openWalletAToken(tokenOf(rsa), optionsFor(rsa, { merchantKeys }));
    expect(card.cryptogram).toBe(rsa.cryptogram);
  });

  it('refuses a token whose publicKeyHash matches no merchant key', () => {
    const [ecNew, ecOld] = vectors as [WalletAVector, WalletAVector];
    const options = optionsFor(ecNew, { merchantKeys: optionsFor(ecOld).merchantKeys });
    expect(walletErrorFrom(() => openWalletAToken(tokenOf(ecNew), options)).code).toBe(
      'unknown_public_key_hash',
    );
  });
});
