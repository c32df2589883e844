import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Extension, GeneralName, id_ce_subjectAltName, SubjectAlternativeName } from '@peculiar/asn1-x509';
import {
  createHttpsMerchantSessionClient,
  type MerchantSessionRequest,
} from '../../src/modules/wallets/wallet-a/merchant-session-client.ts';
import { caConstraints, issueCertificate, toPem } from './crypto/test-pki.ts';

/**
 * The live transport against a local TLS server posing as the provider's sandbox host: the connection
 * overrides (`ca`, `port`, `lookup`) exist for this test only, since the real hosts are not reachable here.
 */
const HOST = 'apple-pay-gateway-cert.apple.com';

function newPki() {
  const caKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const issue = (subject: string, extensions: Extension[] = []) => {
    const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const certificate = issueCertificate({
      subject,
      issuer: 'Session Test CA',
      publicKey: keys.publicKey,
      issuerPrivateKey: caKeys.privateKey,
      extensions,
    });
    return {
      certificatePem: toPem('CERTIFICATE', certificate.der),
      privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  };
  const ca = issueCertificate({
    subject: 'Session Test CA',
    issuer: 'Session Test CA',
    publicKey: caKeys.publicKey,
    issuerPrivateKey: caKeys.privateKey,
    extensions: [caConstraints()],
  });
  const san = new Extension({
    extnID: id_ce_subjectAltName,
    extnValue: new OctetString(
      AsnConvert.serialize(new SubjectAlternativeName([new GeneralName({ dNSName: HOST })])),
    ),
  });
  return {
    caPem: toPem('CERTIFICATE', ca.der),
    server: issue(HOST, [san]),
    merchant: issue('merchant.test'),
  };
}

const toLoopback = ((
  _hostname: string,
  options: { all?: boolean },
  callback: (...args: unknown[]) => void,
) => {
  if (options?.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}) as unknown as LookupFunction;

describe('the HTTPS merchant session transport', () => {
  const pki = newPki();
  let server: Server;
  let port: number;
  let handler: (
    path: string,
    body: string,
    peerFingerprint: string | null,
  ) => { status: number; body: string; headers?: Record<string, string> } | null;
  const requests: { path: string; body: string; peerFingerprint: string | null }[] = [];

  beforeAll(async () => {
    server = createServer(
      {
        cert: pki.server.certificatePem,
        key: pki.server.privateKeyPem,
        ca: pki.caPem,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk) => chunks.push(chunk));
        request.on('end', () => {
          const peer = (request.socket as TLSSocket).getPeerX509Certificate();
          const seen = {
            path: request.url ?? '',
            body: Buffer.concat(chunks).toString(),
            peerFingerprint: peer?.fingerprint256 ?? null,
          };
          requests.push(seen);
          const answer = handler(seen.path, seen.body, seen.peerFingerprint);
          if (!answer) return; // never answer: the client's deadline must end it
          response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          response.end(answer.body);
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
  });

  const sessionRequest = (overrides: Partial<MerchantSessionRequest> = {}): MerchantSessionRequest => ({
    url: new URL(`https://${HOST}/paymentservices/startSession`),
    body: {
      merchantIdentifier: 'abc',
      displayName: 'Shop',
      initiative: 'web',
      initiativeContext: 'shop.example.com',
    },
    identity: pki.merchant,
    timeoutMs: 2000,
    now: new Date(),
    ...overrides,
  });
  const client = () => createHttpsMerchantSessionClient({ ca: pki.caPem, port, lookup: toLoopback });

  it('posts the session body with the merchant identity as client certificate and returns the session', async () => {
    handler = () => ({
      status: 200,
      body: JSON.stringify({ merchantSessionIdentifier: 'SSH1', nonce: 'abc' }),
    });
    const session = await client().requestSession(sessionRequest());
    expect(session).toEqual({ merchantSessionIdentifier: 'SSH1', nonce: 'abc' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/paymentservices/startSession');
    expect(JSON.parse(requests[0]!.body)).toEqual(sessionRequest().body);
    expect(requests[0]!.peerFingerprint).toBe(
      new X509Certificate(pki.merchant.certificatePem).fingerprint256,
    );
  });

  it('does not follow a redirect', async () => {
    handler = () => ({
      status: 302,
      body: '',
      headers: { location: 'https://169.254.169.254/latest/meta-data/' },
    });
    await expect(client().requestSession(sessionRequest())).rejects.toThrow('the provider answered HTTP 302');
    expect(requests).toHaveLength(1);
  });

  it('gives up when the provider does not answer in time', async () => {
    handler = () => null;
    const started = Date.now();
    await expect(client().requestSession(sessionRequest({ timeoutMs: 300 }))).rejects.toThrow(
      'no answer within 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an answer that is not a JSON object', async () => {
    handler = () => ({ status: 200, body: '<html>' });
    await expect(client().requestSession(sessionRequest())).rejects.toThrow('not a JSON object');
  });

  it('refuses a server whose certificate the system roots do not trust', async () => {
    handler = () => ({ status: 200, body: '{}' });
    const untrusting = createHttpsMerchantSessionClient({ port, lookup: toLoopback });
    await expect(untrusting.requestSession(sessionRequest())).rejects.toThrow('the connection failed');
    expect(requests).toHaveLength(0);
  });

  it('sends nothing without a merchant identity', async () => {
    await expect(client().requestSession(sessionRequest({ identity: null }))).rejects.toThrow(
      'no merchant identity',
    );
    expect(requests).toHaveLength(0);
  });
});
