import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { AsnConvert, AsnParser } from '@peculiar/asn1-schema';
import { BasicConstraints, Certificate, id_ce_basicConstraints } from '@peculiar/asn1-x509';
import { pemBlockToDer } from './encoding.ts';

/**
 * An X.509 certificate parsed with @peculiar/asn1-x509. Signatures are checked over the exact TBS bytes
 * received (`tbsDer`), never over a re-encoding, so certificates that are not strictly DER still verify.
 */
export interface ParsedCertificate {
  readonly asn: Certificate;
  readonly tbsDer: Buffer;
  readonly publicKey: KeyObject;
  readonly subjectPublicKeyInfoDer: Buffer;
  readonly subjectDer: Buffer;
  readonly issuerDer: Buffer;
  readonly serialNumber: Buffer;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

interface SignatureAlgorithm {
  readonly hash: 'sha256' | 'sha384' | 'sha512';
  readonly keyType: 'ec' | 'rsa';
}

const signatureAlgorithms: Readonly<Record<string, SignatureAlgorithm>> = {
  '1.2.840.10045.4.3.2': { hash: 'sha256', keyType: 'ec' },
  '1.2.840.10045.4.3.3': { hash: 'sha384', keyType: 'ec' },
  '1.2.840.10045.4.3.4': { hash: 'sha512', keyType: 'ec' },
  '1.2.840.113549.1.1.11': { hash: 'sha256', keyType: 'rsa' },
  '1.2.840.113549.1.1.12': { hash: 'sha384', keyType: 'rsa' },
  '1.2.840.113549.1.1.13': { hash: 'sha512', keyType: 'rsa' },
};

/** Parses a DER certificate; throws a plain Error when it is not one (callers map it to their own error). */
export function parseCertificateDer(der: Uint8Array): ParsedCertificate {
  return fromAsn(AsnParser.parse(der, Certificate));
}

/** Parses the first CERTIFICATE block of a PEM text. */
export function parseCertificatePem(pem: string): ParsedCertificate {
  const der = pemBlockToDer(pem, 'CERTIFICATE');
  if (!der) throw new Error('No CERTIFICATE block in PEM text');
  return parseCertificateDer(der);
}

/** Wraps an already parsed certificate (e.g. one taken from a CMS certificate set). */
export function fromAsn(asn: Certificate): ParsedCertificate {
  const tbs = asn.tbsCertificate;
  const subjectPublicKeyInfoDer = Buffer.from(AsnConvert.serialize(tbs.subjectPublicKeyInfo));
  return {
    asn,
    tbsDer: Buffer.from(asn.tbsCertificateRaw ?? AsnConvert.serialize(tbs)),
    publicKey: createPublicKey({ key: subjectPublicKeyInfoDer, format: 'der', type: 'spki' }),
    subjectPublicKeyInfoDer,
    subjectDer: Buffer.from(AsnConvert.serialize(tbs.subject)),
    issuerDer: Buffer.from(AsnConvert.serialize(tbs.issuer)),
    serialNumber: Buffer.from(tbs.serialNumber),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
  };
}

/** The raw `extnValue` (contents of the OCTET STRING) of an extension, or undefined when absent. */
export function extensionValue(certificate: ParsedCertificate, oid: string): Buffer | undefined {
  const extension = certificate.asn.tbsCertificate.extensions?.find((candidate) => candidate.extnID === oid);
  return extension ? Buffer.from(extension.extnValue.buffer) : undefined;
}

export function hasExtension(certificate: ParsedCertificate, oid: string): boolean {
  return extensionValue(certificate, oid) !== undefined;
}

export function isCertificateAuthority(certificate: ParsedCertificate): boolean {
  const value = extensionValue(certificate, id_ce_basicConstraints);
  if (!value) return false;
  try {
    return AsnParser.parse(value, BasicConstraints).cA;
  } catch {
    return false;
  }
}

export function isValidAt(certificate: ParsedCertificate, at: Date): boolean {
  const time = at.getTime();
  return certificate.notBefore.getTime() <= time && time <= certificate.notAfter.getTime();
}

/** True when `certificate` names `issuer` as its issuer and carries a valid signature by the issuer's key. */
export function isIssuedBy(certificate: ParsedCertificate, issuer: ParsedCertificate): boolean {
  if (!certificate.issuerDer.equals(issuer.subjectDer)) return false;
  return verifyWithAlgorithmOid(
    certificate.asn.signatureAlgorithm.algorithm,
    certificate.tbsDer,
    issuer.publicKey,
    Buffer.from(certificate.asn.signatureValue),
  );
}

/**
 * Verifies a signature for an X.509/CMS signature algorithm OID (ECDSA or RSA PKCS#1 v1.5 with SHA-2).
 * The key type must match the algorithm, so an RSA signature can never be checked against an EC key or
 * the other way round. Unknown algorithms do not verify.
 */
export function verifyWithAlgorithmOid(
  algorithmOid: string,
  data: Uint8Array,
  publicKey: KeyObject,
  signature: Uint8Array,
): boolean {
  const algorithm = signatureAlgorithms[algorithmOid];
  if (!algorithm || publicKey.asymmetricKeyType !== algorithm.keyType) return false;
  try {
    return verify(algorithm.hash, data, publicKey, signature);
  } catch {
    // A signature that is not even well-formed DER is simply not valid.
    return false;
  }
}

/** The X.509 signature algorithm OID for a hash and key type, used when CMS names only the key algorithm. */
export function signatureAlgorithmOidFor(hash: string, keyType: string | undefined): string | undefined {
  return Object.entries(signatureAlgorithms).find(
    ([, algorithm]) => algorithm.hash === hash && algorithm.keyType === keyType,
  )?.[0];
}
