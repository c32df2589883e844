import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedLookup } from '../../../platform/security/outbound-targets.ts';
import type { MerchantIdentity } from '../wallet-credentials.ts';

/**
 * The outbound call of a wallet A merchant session. It is an interface so that the app can be given another
 * transport (the simulator of test projects, a recording fake in tests) and tests can prove that a refused
 * `validationUrl` never reaches any transport at all.
 */

/** The body the provider expects (`initiative` is always `web` for a browser checkout). */
export interface MerchantSessionBody {
  readonly merchantIdentifier: string;
  readonly displayName: string;
  readonly initiative: 'web';
  readonly initiativeContext: string;
}

export interface MerchantSessionRequest {
  /** Already checked by `checkValidationUrl`: an allowed provider host, https, no port. */
  readonly url: URL;
  readonly body: MerchantSessionBody;
  /** The merchant identity for mutual TLS; the simulator needs none. */
  readonly identity: MerchantIdentity | null;
  readonly timeoutMs: number;
  readonly now: Date;
}

export interface MerchantSessionClient {
  readonly name: string;
  /** Resolves with the provider's merchant session object; rejects with a MerchantSessionError. */
  requestSession(session: MerchantSessionRequest): Promise<Record<string, unknown>>;
}

/** Why no session came back; the message is safe to return (no key material, no response body). */
export class MerchantSessionError extends Error {
  override name = 'MerchantSessionError';
}

/** Connection overrides for tests only (a local TLS server posing as the provider); never from configuration. */
export interface HttpsSessionClientOptions {
  readonly ca?: string;
  readonly port?: number;
  readonly lookup?: LookupFunction;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The gateway hosts are fixed names (validation-url.ts), but what they resolve to is checked too: only public
 * addresses, in every IPv4 and IPv6 spelling (address-category.ts), so a poisoned name cannot reach inside.
 */
const PUBLIC_ONLY = checkedLookup({ projectMode: 'live', allowPrivateTargets: false });

/**
 * The live transport: one HTTPS POST with the merchant identity certificate (mutual TLS), TLS 1.2 or newer,
 * the server certificate checked against the system roots and the host name, an overall deadline, no
 * redirects (any answer but 200 is a failure) and a cap on the answer's size.
 */
export function createHttpsMerchantSessionClient(
  options: HttpsSessionClientOptions = {},
): MerchantSessionClient {
  return {
    name: 'https',
    requestSession: (session) =>
      new Promise((resolve, reject) => {
        const { identity, url, timeoutMs } = session;
        if (!identity) {
          reject(new MerchantSessionError('no merchant identity certificate is configured'));
          return;
        }
        const payload = Buffer.from(JSON.stringify(session.body));
        const signal = AbortSignal.timeout(timeoutMs);
        const outgoing = request(
          {
            protocol: 'https:',
            hostname: url.hostname,
            servername: url.hostname,
            port: options.port ?? 443,
            path: url.pathname,
            method: 'POST',
            cert: identity.certificatePem,
            key: identity.privateKeyPem,
            minVersion: 'TLSv1.2',
            agent: false,
            signal,
            ...(options.ca ? { ca: options.ca } : {}),
            lookup: options.lookup ?? PUBLIC_ONLY,
            headers: {
              'content-type': 'application/json',
              'content-length': payload.length,
              accept: 'application/json',
            },
          },
          (response) => {
            if (response.statusCode !== 200) {
              response.resume();
              reject(new MerchantSessionError(`the provider answered HTTP ${response.statusCode}`));
              return;
            }
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_RESPONSE_BYTES) {
                outgoing.destroy(new MerchantSessionError('the provider answer is too large'));
              } else {
                chunks.push(chunk);
              }
            });
            response.on('error', (error) => reject(asSessionError(error, signal, timeoutMs)));
            response.on('end', () => {
              try {
                const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
                if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
                resolve(parsed as Record<string, unknown>);
              } catch {
                reject(new MerchantSessionError('the provider answer is not a JSON object'));
              }
            });
          },
        );
        outgoing.on('error', (error) => reject(asSessionError(error, signal, timeoutMs)));
        outgoing.end(payload);
      }),
  };
}

function asSessionError(error: Error, signal: AbortSignal, timeoutMs: number): MerchantSessionError {
  if (error instanceof MerchantSessionError) return error;
  if (signal.aborted) return new MerchantSessionError(`no answer within ${timeoutMs} ms`);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EREFUSEDTARGET')
    return new MerchantSessionError('the provider host resolves to a refused address');
  return new MerchantSessionError(`the connection failed${code ? ` (${code})` : ''}`);
}
