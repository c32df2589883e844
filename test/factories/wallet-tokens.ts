/**
 * Test generators for wallet payment tokens, signed and encrypted with keys made up on the spot:
 * wallet A `EC_v1` tokens under a test root CA, and wallet B `ECv2` tokens under a test root signing key.
 * The vectors in test/fixtures/wallet-vectors cover the real providers' tokens; these cover every other case.
 */
import {
  createCipheriv,
  createHash,
  createHmac,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import type { WalletAToken, WalletBRootSigningKey } from '../../src/modules/wallets/crypto/index.ts';
import {
  caConstraints,
  issueCertificate,
  markerExtension,
  merchantIdentifierExtension,
  signDetachedCms,
  toPem,
} from '../wallets/crypto/test-pki.ts';

const zeroIv = Buffer.alloc(16);
const farFuture = new Date('2099-12-31T23:59:59Z');

// ---------------------------------------------------------------- wallet A

export interface WalletATestKitOptions {
  /** Issue the signing certificate without the leaf marker extension (1.2.840.113635.100.6.29). */
  readonly omitLeafMarker?: boolean;
  /** Issue the intermediate without its marker extension (1.2.840.113635.100.6.2.14). */
  readonly omitIntermediateMarker?: boolean;
  /** Validity of the signing certificate; default 2000-01-01 to 2099-12-31. */
  readonly leafValidity?: { readonly notBefore: Date; readonly notAfter: Date };
  readonly merchantIdentifier?: string;
}

export interface WalletATestTokenOptions {
  readonly pan?: string;
  /** YYMMDD, as in the format. */
  readonly expiry?: string;
  readonly cryptogram?: string;
  /** Omitted from the payment data when null. */
  readonly eci?: string | null;
  /** Minor units. */
  readonly amount?: number;
  readonly currencyCode?: string;
  /** Default: the real clock. */
  readonly signingTime?: Date;
  /** 64 hex characters; random by default. */
  readonly transactionId?: string;
  /** Hex; added to the header (and the signed content) when given. */
  readonly applicationData?: string;
  /** Replaces the whole decrypted payment data (for malformed-payload tests). */
  readonly paymentDataOverride?: unknown;
}

export interface WalletATestKit {
  readonly rootCaPem: string;
  readonly merchantCertificatePem: string;
  readonly merchantPrivateKeyPem: string;
  readonly merchantIdentifier: string;
  /** Hex SHA-256 of the merchant identifier, also in the merchant certificate. */
  readonly merchantIdentifierHash: string;
  /** base64(SHA-256(SPKI)) of the merchant certificate, the tokens' `header.publicKeyHash`. */
  readonly publicKeyHash: string;
  /** Ready for `openWalletAToken`'s `merchantKeys`. */
  readonly merchantKey: { readonly certificatePem: string; readonly privateKeyPem: string };
  /** An `EC_v1` token (the `paymentData` object the wallet hands to the page). */
  makeToken(options?: WalletATestTokenOptions): WalletAToken;
}

export function createWalletATestKit(options: WalletATestKitOptions = {}): WalletATestKit {
  const rootKeys = newEcKeyPair();
  const intermediateKeys = newEcKeyPair();
  const leafKeys = newEcKeyPair();
  const merchantKeys = newEcKeyPair();

  const root = issueCertificate({
    subject: 'Wallet A Test Root CA',
    issuer: 'Wallet A Test Root CA',
    publicKey: rootKeys.publicKey,
    issuerPrivateKey: rootKeys.privateKey,
    extensions: [caConstraints()],
  });
  const intermediate = issueCertificate({
    subject: 'Wallet A Test Intermediate CA',
    issuer: 'Wallet A Test Root CA',
    publicKey: intermediateKeys.publicKey,
    issuerPrivateKey: rootKeys.privateKey,
    extensions: [
      caConstraints(),
      ...(options.omitIntermediateMarker ? [] : [markerExtension('1.2.840.113635.100.6.2.14')]),
    ],
  });
  const leaf = issueCertificate({
    subject: 'Wallet A Test Signing',
    issuer: 'Wallet A Test Intermediate CA',
    publicKey: leafKeys.publicKey,
    issuerPrivateKey: intermediateKeys.privateKey,
    extensions: options.omitLeafMarker ? [] : [markerExtension('1.2.840.113635.100.6.29')],
    validity: options.leafValidity,
  });

  const merchantIdentifier = options.merchantIdentifier ?? 'merchant.test.wallet-a.gateway';
  const merchantIdentifierHash = createHash('sha256').update(merchantIdentifier).digest('hex');
  const merchant = issueCertificate({
    subject: `Merchant ID: ${merchantIdentifier}`,
    issuer: 'Wallet A Test Intermediate CA',
    publicKey: merchantKeys.publicKey,
    issuerPrivateKey: intermediateKeys.privateKey,
    extensions: [merchantIdentifierExtension(merchantIdentifierHash)],
  });

  const merchantCertificatePem = toPem('CERTIFICATE', merchant.der);
  const merchantPrivateKeyPem = merchantKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const spki = merchantKeys.publicKey.export({ type: 'spki', format: 'der' });

  return {
    rootCaPem: toPem('CERTIFICATE', root.der),
    merchantCertificatePem,
    merchantPrivateKeyPem,
    merchantIdentifier,
    merchantIdentifierHash,
    publicKeyHash: createHash('sha256').update(spki).digest('base64'),
    merchantKey: { certificatePem: merchantCertificatePem, privateKeyPem: merchantPrivateKeyPem },
    makeToken(tokenOptions = {}) {
      const ephemeral = newEcKeyPair();
      const ephemeralPublicKey = ephemeral.publicKey.export({ type: 'spki', format: 'der' });
      const sharedSecret = diffieHellman({
        privateKey: ephemeral.privateKey,
        publicKey: merchantKeys.publicKey,
      });
      const symmetricKey = createHash('sha256')
        .update(Buffer.from([0, 0, 0, 1]))
        .update(sharedSecret)
        .update(Buffer.from('\x0did-aes256-GCMApple', 'latin1'))
        .update(Buffer.from(merchantIdentifierHash, 'hex'))
        .digest();
      const cipher = createCipheriv('aes-256-gcm', symmetricKey, zeroIv);
      const plaintext = Buffer.from(
        JSON.stringify(tokenOptions.paymentDataOverride ?? paymentData(tokenOptions)),
      );
      const data = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);

      const transactionId = tokenOptions.transactionId ?? randomBytes(32).toString('hex');
      const { applicationData } = tokenOptions;
      const signedContent = Buffer.concat([
        ephemeralPublicKey,
        data,
        Buffer.from(transactionId, 'hex'),
        Buffer.from(applicationData ?? '', 'hex'),
      ]);
      const signature = signDetachedCms(
        signedContent,
        tokenOptions.signingTime ?? new Date(),
        leaf,
        leafKeys,
        [leaf, intermediate],
      );
      return {
        version: 'EC_v1',
        data: data.toString('base64'),
        signature: signature.toString('base64'),
        header: {
          publicKeyHash: createHash('sha256').update(spki).digest('base64'),
          ephemeralPublicKey: ephemeralPublicKey.toString('base64'),
          transactionId,
          ...(applicationData === undefined ? {} : { applicationData }),
        },
      };
    },
  };
}

function paymentData(options: WalletATestTokenOptions) {
  const eci = options.eci === undefined ? '7' : options.eci;
  return {
    applicationPrimaryAccountNumber: options.pan ?? '4111111111111111',
    applicationExpirationDate: options.expiry ?? '301231',
    currencyCode: options.currencyCode ?? '840',
    transactionAmount: options.amount ?? 1000,
    deviceManufacturerIdentifier: '040010030273',
    paymentDataType: '3DSecure',
    paymentData: {
      onlinePaymentCryptogram: options.cryptogram ?? 'AOBxc3Nhbm90aGVyY3J5cHQ=',
      ...(eci === null ? {} : { eciIndicator: eci }),
    },
  };
}

// ---------------------------------------------------------------- wallet B

export interface WalletBTestKitOptions {
  readonly recipientId?: string;
  /** Expiry of the root signing key; default far in the future. */
  readonly rootKeyExpiration?: Date;
}

export interface WalletBTestTokenOptions {
  readonly pan?: string;
  readonly expirationMonth?: number;
  readonly expirationYear?: number;
  readonly authMethod?: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
  /** Only sent for CRYPTOGRAM_3DS. */
  readonly cryptogram?: string;
  /** Only sent for CRYPTOGRAM_3DS, and only when given. */
  readonly eci?: string;
  /** Default: one hour after the real clock. */
  readonly messageExpiration?: Date;
  /** Expiry of the intermediate signing key; default one week after the real clock. */
  readonly keyExpiration?: Date;
  readonly messageId?: string;
  /** Sign the message for another recipient than the kit's. */
  readonly recipientId?: string;
  /** Replaces the whole decrypted message (for malformed-payload tests). */
  readonly messageOverride?: unknown;
}

export interface WalletBTestKit {
  readonly rootSigningKeys: WalletBRootSigningKey[];
  /** The same keys as the provider publishes them: `{"keys":[...]}`. */
  readonly rootSigningKeysJson: string;
  readonly recipientId: string;
  /** PKCS#8 DER, Base64. */
  readonly recipientPrivateKey: string;
  readonly recipientPrivateKeyPem: string;
  /** An `ECv2` token as the wallet returns it: a JSON string. */
  makeToken(options?: WalletBTestTokenOptions): string;
}

export function createWalletBTestKit(options: WalletBTestKitOptions = {}): WalletBTestKit {
  const rootKeys = newEcKeyPair();
  const recipientKeys = newEcKeyPair();
  const recipientId = options.recipientId ?? 'merchant:12345678901234567890';
  const rootSigningKeys: WalletBRootSigningKey[] = [
    {
      keyValue: rootKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      protocolVersion: 'ECv2',
      keyExpiration: String((options.rootKeyExpiration ?? farFuture).getTime()),
    },
  ];
  return {
    rootSigningKeys,
    rootSigningKeysJson: JSON.stringify({ keys: rootSigningKeys }),
    recipientId,
    recipientPrivateKey: recipientKeys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    recipientPrivateKeyPem: recipientKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    makeToken(tokenOptions = {}) {
      const intermediateKeys = newEcKeyPair();
      const keyExpiration = tokenOptions.keyExpiration ?? new Date(Date.now() + 7 * 24 * 3600_000);
      const signedKey = providerJson({
        keyValue: intermediateKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        keyExpiration: String(keyExpiration.getTime()),
      });
      const signedMessage = encryptForRecipient(
        Buffer.from(JSON.stringify(tokenOptions.messageOverride ?? walletBMessage(tokenOptions))),
        recipientKeys.publicKey,
      );
      const keySignature = sign('sha256', lengthPrefixed('Google', 'ECv2', signedKey), rootKeys.privateKey);
      const messageSignature = sign(
        'sha256',
        lengthPrefixed('Google', tokenOptions.recipientId ?? recipientId, 'ECv2', signedMessage),
        intermediateKeys.privateKey,
      );
      return JSON.stringify({
        signature: messageSignature.toString('base64'),
        intermediateSigningKey: { signedKey, signatures: [keySignature.toString('base64')] },
        protocolVersion: 'ECv2',
        signedMessage,
      });
    },
  };
}

function walletBMessage(options: WalletBTestTokenOptions) {
  const authMethod = options.authMethod ?? 'PAN_ONLY';
  return {
    messageExpiration: String((options.messageExpiration ?? new Date(Date.now() + 3600_000)).getTime()),
    messageId: options.messageId ?? `test-message-${randomBytes(8).toString('hex')}`,
    paymentMethod: 'CARD',
    paymentMethodDetails: {
      pan: options.pan ?? '4111111111111111',
      expirationMonth: options.expirationMonth ?? 12,
      expirationYear: options.expirationYear ?? 2030,
      authMethod,
      ...(authMethod === 'CRYPTOGRAM_3DS'
        ? {
            cryptogram: options.cryptogram ?? 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
            ...(options.eci === undefined ? {} : { eciIndicator: options.eci }),
          }
        : {}),
    },
  };
}

/** ECIES-KEM as wallet B does it: ECDH, HKDF-SHA256 (zero salt, info "Google"), AES-256-CTR, HMAC-SHA256. */
function encryptForRecipient(plaintext: Buffer, recipientPublicKey: KeyObject): string {
  const ephemeral = newEcKeyPair();
  const ephemeralPoint = ephemeral.publicKey.export({ type: 'spki', format: 'der' }).subarray(-65);
  const sharedSecret = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipientPublicKey });
  const keys = Buffer.from(
    hkdfSync('sha256', Buffer.concat([ephemeralPoint, sharedSecret]), Buffer.alloc(32), 'Google', 64),
  );
  const cipher = createCipheriv('aes-256-ctr', keys.subarray(0, 32), zeroIv);
  const encryptedMessage = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = createHmac('sha256', keys.subarray(32)).update(encryptedMessage).digest();
  return providerJson({
    encryptedMessage: encryptedMessage.toString('base64'),
    ephemeralPublicKey: ephemeralPoint.toString('base64'),
    tag: tag.toString('base64'),
  });
}

/** JSON the way the provider writes it ('=' escaped as \u003d), so signed strings differ from a re-serialisation. */
function providerJson(value: Record<string, string>): string {
  return JSON.stringify(value).replace(/=/g, '\\u003d');
}

function lengthPrefixed(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

// ---------------------------------------------------------------- shared

function newEcKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}
