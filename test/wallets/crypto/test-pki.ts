/**
 * A throw-away PKI for wallet A tests: X.509 certificates and detached CMS signatures built with the
 * @peculiar/asn1-* schemas and signed with Node's crypto (ECDSA P-256, SHA-256). Used by
 * test/factories/wallet-tokens.ts. (@peculiar/x509 is not used: it needs a reflect-metadata polyfill.)
 */
import { createHash, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  id_data,
  id_signedData,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms';
import { AsnConvert, AsnParser, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Time,
  Validity,
} from '@peculiar/asn1-x509';

const ecdsaWithSha256 = '1.2.840.10045.4.3.2';
const farPast = new Date('2000-01-01T00:00:00Z');
const farFuture = new Date('2099-12-31T23:59:59Z');

export interface IssuedCertificate {
  readonly der: Buffer;
  readonly asn: Certificate;
}

export function issueCertificate(params: {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  issuerPrivateKey: KeyObject;
  extensions: Extension[];
  validity?: { readonly notBefore: Date; readonly notAfter: Date };
}): IssuedCertificate {
  const serialNumber = randomBytes(8);
  // A positive INTEGER in minimal DER: a leading zero byte would make OpenSSL refuse the certificate.
  serialNumber[0] = serialNumber[0]! & 0x7f || 0x01;
  const tbsCertificate = new TBSCertificate({
    version: 2, // v3
    serialNumber: arrayBuffer(serialNumber),
    signature: new AlgorithmIdentifier({ algorithm: ecdsaWithSha256 }),
    issuer: commonName(params.issuer),
    validity: new Validity(params.validity ?? { notBefore: farPast, notAfter: farFuture }),
    subject: commonName(params.subject),
    subjectPublicKeyInfo: AsnParser.parse(
      params.publicKey.export({ type: 'spki', format: 'der' }),
      SubjectPublicKeyInfo,
    ),
    extensions: params.extensions.length > 0 ? new Extensions(params.extensions) : undefined,
  });
  const signature = sign(
    'sha256',
    Buffer.from(AsnConvert.serialize(tbsCertificate)),
    params.issuerPrivateKey,
  );
  const asn = new Certificate({
    tbsCertificate,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ecdsaWithSha256 }),
    signatureValue: arrayBuffer(signature),
  });
  return { der: Buffer.from(AsnConvert.serialize(asn)), asn };
}

export function signDetachedCms(
  content: Buffer,
  signingTime: Date,
  signer: IssuedCertificate,
  signerKeys: { privateKey: KeyObject },
  certificates: IssuedCertificate[],
): Buffer {
  const sha256 = new DigestAlgorithmIdentifier({ algorithm: '2.16.840.1.101.3.4.2.1' });
  // Already in DER SET OF order (the encodings sort by their growing lengths).
  const signedAttrs = [
    attribute('1.2.840.113549.1.9.3', Buffer.from('06092a864886f70d010701', 'hex')),
    attribute('1.2.840.113549.1.9.5', Buffer.from(AsnConvert.serialize(new Time(signingTime)))),
    attribute(
      '1.2.840.113549.1.9.4',
      Buffer.from(AsnConvert.serialize(new OctetString(createHash('sha256').update(content).digest()))),
    ),
  ];
  const encodedAttrs = Buffer.concat(signedAttrs.map((item) => Buffer.from(AsnConvert.serialize(item))));
  const signature = sign('sha256', tlv(0x31, encodedAttrs), signerKeys.privateKey);
  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet(
      certificates.map((item) => new CertificateChoices({ certificate: item.asn })),
    ),
    signerInfos: new SignerInfos([
      new SignerInfo({
        version: 1,
        sid: new SignerIdentifier({
          issuerAndSerialNumber: new IssuerAndSerialNumber({
            issuer: signer.asn.tbsCertificate.issuer,
            serialNumber: signer.asn.tbsCertificate.serialNumber,
          }),
        }),
        digestAlgorithm: sha256,
        signedAttrs,
        signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ecdsaWithSha256 }),
        signature: new OctetString(signature),
      }),
    ]),
  });
  const contentInfo = new ContentInfo({
    contentType: id_signedData,
    content: AsnConvert.serialize(signedData),
  });
  return Buffer.from(AsnConvert.serialize(contentInfo));
}

function attribute(oid: string, value: Buffer): Attribute {
  return new Attribute({ attrType: oid, attrValues: [arrayBuffer(value)] });
}

function commonName(cn: string): Name {
  const value = new AttributeValue({ utf8String: cn });
  return new Name([new RelativeDistinguishedName([new AttributeTypeAndValue({ type: '2.5.4.3', value })])]);
}

export function caConstraints(): Extension {
  return new Extension({
    extnID: id_ce_basicConstraints,
    critical: true,
    extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: true }))),
  });
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const lengthOctets =
    length < 0x80 ? [length] : length < 0x100 ? [0x81, length] : [0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from([tag, ...lengthOctets]), content]);
}

function arrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return Uint8Array.from(bytes).buffer;
}

export function toPem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** An extension with an ASN.1 NULL value, the form of the wallet A chain marker extensions. */
export function markerExtension(oid: string): Extension {
  return new Extension({ extnID: oid, extnValue: new OctetString([0x05, 0x00]) });
}

/** Like the provider's merchant certificates: the identifier hash as 64 hex characters in a UTF8String. */
export function merchantIdentifierExtension(merchantIdentifierHashHex: string): Extension {
  const value = Buffer.concat([Buffer.from([0x0c, 0x40]), Buffer.from(merchantIdentifierHashHex)]);
  return new Extension({ extnID: '1.2.840.113635.100.6.32', extnValue: new OctetString(value) });
}
