import { createHash } from 'node:crypto';
import {
  type Attribute,
  ContentInfo,
  id_data,
  id_signedData,
  SignedData,
  type SignerInfo,
} from '@peculiar/asn1-cms';
import { AsnConvert, AsnParser, OctetString } from '@peculiar/asn1-schema';
import { id_ce_subjectKeyIdentifier, Time } from '@peculiar/asn1-x509';
import {
  extensionValue,
  fromAsn,
  hasExtension,
  isCertificateAuthority,
  isIssuedBy,
  isValidAt,
  type ParsedCertificate,
  signatureAlgorithmOidFor,
  verifyWithAlgorithmOid,
} from './certificates.ts';
import { derTlv } from './encoding.ts';
import { tokenCode, WalletTokenError } from './errors.ts';

const oidContentType = '1.2.840.113549.1.9.3';
const oidMessageDigest = '1.2.840.113549.1.9.4';
const oidSigningTime = '1.2.840.113549.1.9.5';
const oidSha256 = '2.16.840.1.101.3.4.2.1';
const oidRsaEncryption = '1.2.840.113549.1.1.1';
const oidEcPublicKey = '1.2.840.10045.2.1';
/** DER of the OBJECT IDENTIFIER id-data, the only content type a detached wallet signature may declare. */
const idDataDer = Buffer.from('06092a864886f70d010701', 'hex');

export interface DetachedCmsVerificationOptions {
  /** The trust anchor the chain must end in. */
  readonly rootCertificate: ParsedCertificate;
  /** Extension OID the signing (leaf) certificate must carry. */
  readonly leafMarkerOid: string;
  /** Extension OID the intermediate CA certificate must carry. */
  readonly intermediateMarkerOid: string;
  /** The injected clock: certificate validity and the signing-time window are checked against it. */
  readonly now: Date;
  /** How far the signed `signingTime` may be from `now`, either way, in milliseconds. */
  readonly maxSigningAgeMs: number;
}

export interface VerifiedCmsSignature {
  readonly signingTime: Date;
  readonly leafCertificate: ParsedCertificate;
}

/**
 * Verifies a detached CMS SignedData (BER, indefinite lengths allowed) over `signedContent`, signed with
 * SHA-256 by a leaf certificate chained leaf -> intermediate -> the configured root.
 *
 * Order of checks: structure, certificate chain, message digest, signature, signing time; the error code
 * says which one failed.
 */
export function verifyDetachedCmsSignature(
  signatureDer: Buffer,
  signedContent: Buffer,
  options: DetachedCmsVerificationOptions,
): VerifiedCmsSignature {
  const signedData = parseSignedData(signatureDer);
  const signerInfo = singleSignerInfo(signedData);
  const certificates = embeddedCertificates(signedData);

  const leaf = verifyCertificateChain(signerInfo, certificates, options);
  const signedAttributes = signerInfo.signedAttrs;
  if (!signedAttributes || signedAttributes.length === 0) {
    throw new WalletTokenError(tokenCode.malformed_token, 'The signature has no signed attributes');
  }

  if (signerInfo.digestAlgorithm.algorithm !== oidSha256) {
    throw new WalletTokenError(
      tokenCode.signature_invalid,
      'The signature does not use SHA-256 as its digest',
    );
  }
  const contentType = singleAttributeValue(signedAttributes, oidContentType);
  if (!contentType.equals(idDataDer)) {
    throw new WalletTokenError(tokenCode.signature_invalid, 'The signed content type is not id-data');
  }
  const messageDigest = Buffer.from(
    parseAttribute(singleAttributeValue(signedAttributes, oidMessageDigest), OctetString).buffer,
  );
  if (!messageDigest.equals(createHash('sha256').update(signedContent).digest())) {
    throw new WalletTokenError(
      tokenCode.signature_invalid,
      'The signed message digest does not match the token',
    );
  }

  const algorithmOid = signerSignatureAlgorithmOid(signerInfo, leaf);
  const signature = Buffer.from(signerInfo.signature.buffer);
  const signedBytes = derEncodeSignedAttributes(signedAttributes);
  if (!verifyWithAlgorithmOid(algorithmOid, signedBytes, leaf.publicKey, signature)) {
    throw new WalletTokenError(
      tokenCode.signature_invalid,
      'The signature does not verify with the leaf certificate',
    );
  }

  const signingTime = parseAttribute(singleAttributeValue(signedAttributes, oidSigningTime), Time).getTime();
  if (Math.abs(options.now.getTime() - signingTime.getTime()) > options.maxSigningAgeMs) {
    throw new WalletTokenError(
      tokenCode.signing_time_out_of_range,
      `The token was signed at ${signingTime.toISOString()}, outside the accepted window around now`,
    );
  }
  return { signingTime, leafCertificate: leaf };
}

function parseSignedData(signatureDer: Buffer): SignedData {
  try {
    const contentInfo = AsnParser.parse(signatureDer, ContentInfo);
    if (contentInfo.contentType !== id_signedData) throw new Error('not SignedData');
    return AsnParser.parse(contentInfo.content, SignedData);
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'The signature is not a CMS SignedData structure');
  }
}

function singleSignerInfo(signedData: SignedData): SignerInfo {
  if (signedData.encapContentInfo.eContentType !== id_data || signedData.encapContentInfo.eContent) {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      'The signature is not a detached signature over data',
    );
  }
  if (signedData.signerInfos.length !== 1) {
    throw new WalletTokenError(tokenCode.malformed_token, 'The signature must have exactly one signer');
  }
  return signedData.signerInfos[0]!;
}

function embeddedCertificates(signedData: SignedData): ParsedCertificate[] {
  try {
    return (signedData.certificates ?? []).flatMap((choice) =>
      choice.certificate ? [fromAsn(choice.certificate)] : [],
    );
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'The signature carries an unreadable certificate');
  }
}

function verifyCertificateChain(
  signerInfo: SignerInfo,
  certificates: ParsedCertificate[],
  options: DetachedCmsVerificationOptions,
): ParsedCertificate {
  const fail = (reason: string) => new WalletTokenError(tokenCode.certificate_chain_invalid, reason);
  const leaf = certificates.find((certificate) => identifiesSigner(signerInfo, certificate));
  if (!leaf) throw fail('The signing certificate is not included in the signature');
  if (!hasExtension(leaf, options.leafMarkerOid)) {
    throw fail(`The signing certificate lacks the extension ${options.leafMarkerOid}`);
  }
  const intermediate = certificates.find(
    (certificate) => certificate !== leaf && hasExtension(certificate, options.intermediateMarkerOid),
  );
  if (!intermediate) {
    throw fail(`No intermediate certificate with the extension ${options.intermediateMarkerOid}`);
  }
  if (!isCertificateAuthority(intermediate)) throw fail('The intermediate certificate is not a CA');
  if (!isIssuedBy(leaf, intermediate))
    throw fail('The signing certificate is not issued by the intermediate');
  if (!isIssuedBy(intermediate, options.rootCertificate)) {
    throw fail('The intermediate certificate is not issued by the configured root');
  }
  for (const [name, certificate] of [
    ['signing', leaf],
    ['intermediate', intermediate],
    ['root', options.rootCertificate],
  ] as const) {
    if (!isValidAt(certificate, options.now)) {
      throw fail(`The ${name} certificate is not valid at ${options.now.toISOString()}`);
    }
  }
  return leaf;
}

function identifiesSigner(signerInfo: SignerInfo, certificate: ParsedCertificate): boolean {
  const { issuerAndSerialNumber, subjectKeyIdentifier } = signerInfo.sid;
  if (issuerAndSerialNumber) {
    return (
      certificate.issuerDer.equals(Buffer.from(AsnConvert.serialize(issuerAndSerialNumber.issuer))) &&
      certificate.serialNumber.equals(Buffer.from(issuerAndSerialNumber.serialNumber))
    );
  }
  const extension = extensionValue(certificate, id_ce_subjectKeyIdentifier);
  if (!subjectKeyIdentifier || !extension) return false;
  try {
    const keyIdentifier = Buffer.from(AsnParser.parse(extension, OctetString).buffer);
    return keyIdentifier.equals(Buffer.from(subjectKeyIdentifier.buffer));
  } catch {
    return false;
  }
}

/** CMS may name the full signature algorithm or only the key algorithm (digest then from digestAlgorithm). */
function signerSignatureAlgorithmOid(signerInfo: SignerInfo, leaf: ParsedCertificate): string {
  const named = signerInfo.signatureAlgorithm.algorithm;
  if (named === oidRsaEncryption || named === oidEcPublicKey) {
    return signatureAlgorithmOidFor('sha256', leaf.publicKey.asymmetricKeyType) ?? named;
  }
  return named;
}

function singleAttributeValue(attributes: Attribute[], oid: string): Buffer {
  const matching = attributes.filter((attribute) => attribute.attrType === oid);
  if (matching.length !== 1 || matching[0]!.attrValues.length !== 1) {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      `The signed attribute ${oid} is missing or repeated`,
    );
  }
  return Buffer.from(matching[0]!.attrValues[0]!);
}

function parseAttribute<T>(value: Buffer, type: new () => T): T {
  try {
    return AsnParser.parse(value, type);
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'A signed attribute has an unexpected form');
  }
}

/**
 * The signature covers the DER encoding of the signed attributes as a SET OF (tag 0x31), not the
 * [0] IMPLICIT form in the message: re-encode each attribute and sort them as DER requires.
 */
function derEncodeSignedAttributes(attributes: Attribute[]): Buffer {
  const encoded = attributes.map((attribute) => Buffer.from(AsnConvert.serialize(attribute)));
  encoded.sort(Buffer.compare);
  return derTlv(0x31, Buffer.concat(encoded));
}
