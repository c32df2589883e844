import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { refuseAddress, refuseUrl, type TargetPolicy } from '../../../platform/security/outbound-targets.ts';
import type { WebhookErrorKind } from '../webhook-delivery.entity.ts';
import { keptConnectionsFor } from './kept-connections.ts';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Applies to connecting (DNS, TCP and TLS together) and, separately, to reading the reply. */
  timeoutMs: number;
  policy: TargetPolicy;
  /** Aborts the request (the worker is stopping). */
  signal?: AbortSignal;
}

export interface AttemptResult {
  /** HTTP 200, and nothing else, is success (spec part 6). */
  ok: boolean;
  httpStatus: number | null;
  errorKind: WebhookErrorKind | null;
  errorMessage: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** How much of a reply is kept for the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 512;

const defaultResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, order: 'verbatim' });

/** What a timeout of the attempt's connection or reply says. */
function timeoutMessage(kind: 'connect_timeout' | 'read_timeout', ms: number): string {
  return `${kind === 'connect_timeout' ? 'connecting' : 'reading the reply'} took longer than ${ms} ms`;
}

class AttemptTimeout extends Error {
  readonly kind: 'connect_timeout' | 'read_timeout';
  constructor(kind: 'connect_timeout' | 'read_timeout', ms: number) {
    super(timeoutMessage(kind, ms));
    this.kind = kind;
  }
}

/**
 * Posts one webhook and reports what happened; never throws. Redirects are not followed (a 3xx is a failed
 * attempt like any other status but 200). The host is resolved here, every address is checked against the
 * policy, and the connection goes to the checked address (the `lookup` hook), while TLS still verifies the
 * certificate against the host name. The connection is kept for the next attempt to the same checked
 * addresses (kept-connections.ts).
 */
export async function postWebhook(
  request: WebhookRequest,
  options: { resolve?: ResolveHost } = {},
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (errorKind: WebhookErrorKind, errorMessage: string): AttemptResult => ({
    ok: false,
    httpStatus: null,
    errorKind,
    errorMessage,
    durationMs: elapsed(),
    responseExcerpt: null,
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failed('blocked_target', 'not a valid URL');
  }
  const refusedUrl = refuseUrl(url, request.policy);
  if (refusedUrl) return failed('blocked_target', refusedUrl);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');

  let addresses: { address: string; family: number }[];
  try {
    addresses = await withTimeout((options.resolve ?? defaultResolve)(hostname), request.timeoutMs);
  } catch (error) {
    if (error instanceof AttemptTimeout) return failed('connect_timeout', error.message);
    return failed('dns_failure', `could not resolve ${hostname}: ${codeOf(error) ?? 'no address'}`);
  }
  if (addresses.length === 0) return failed('dns_failure', `${hostname} has no address`);
  for (const { address } of addresses) {
    const refused = refuseAddress(address, request.policy);
    // The category only, not the address: a live merchant must not learn what internal names resolve to.
    if (refused)
      return failed('blocked_target', `${hostname} resolves to ${refused.replace(/^\S+ is /, '')}`);
  }
  const connectMs = () => Math.max(1, Math.round(request.timeoutMs - (performance.now() - started)));
  let outcome = await send(url, hostname, addresses, request, connectMs(), true);
  // A kept connection the receiver closed just as we sent on it: the request never got an answer, so it goes
  // again, once, on a new connection (a receiver may see it twice: delivery is at least once anyway).
  if (outcome === STALE_CONNECTION)
    outcome = await send(url, hostname, addresses, request, connectMs(), false);
  if (outcome === STALE_CONNECTION) return failed('network_error', 'the connection was closed');
  return { ...outcome, durationMs: elapsed() };
}

/** `send`'s answer when a kept connection failed before any answer (and a new one should be tried). */
const STALE_CONNECTION = Symbol('stale connection');

function send(
  url: URL,
  hostname: string,
  checked: { address: string; family: number }[],
  request: WebhookRequest,
  connectMs: number,
  mayReuse: boolean,
): Promise<Omit<AttemptResult, 'durationMs'> | typeof STALE_CONNECTION> {
  const secure = url.protocol === 'https:';
  const port = url.port || (secure ? 443 : 80);
  // Only the addresses checked above, never a fresh lookup; with several (localhost: ::1 and 127.0.0.1)
  // Node tries them in turn (happy eyeballs).
  const pinnedLookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all)
      callback(
        null,
        checked.map(({ address, family }) => ({ address, family })),
      );
    else callback(null, checked[0]!.address, checked[0]!.family);
  };
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    /** `keep`: the reply was read to its end, so the connection can serve the next attempt. */
    const finish = (result: Omit<AttemptResult, 'durationMs'> | typeof STALE_CONNECTION, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      if (!keep) req.destroy();
    };
    const fail = (errorKind: WebhookErrorKind, errorMessage: string) =>
      finish({ ok: false, httpStatus: null, errorKind, errorMessage, responseExcerpt: null });
    /** Once the status line arrived: settles with it (what happens to the connection after no longer matters). */
    let answered: (() => void) | null = null;

    const req = (secure ? https : http).request({
      protocol: url.protocol,
      hostname,
      port,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        ...request.headers,
        host: url.host,
        'content-length': String(Buffer.byteLength(request.body)),
      },
      agent: mayReuse ? keptConnectionsFor({ secure, hostname, port, addresses: checked }) : false,
      lookup: pinnedLookup,
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
    });

    // The timers and the abort settle the attempt themselves: destroying a request Node has already destroyed
    // (after a 101, say) emits nothing, and an attempt left unsettled held its dispatcher slot for good.
    timer = setTimeout(
      () => fail('connect_timeout', timeoutMessage('connect_timeout', connectMs)),
      connectMs,
    );
    const abort = () => fail('network_error', 'the attempt was aborted');
    request.signal?.addEventListener('abort', abort, { once: true });
    req.on('close', () => {
      request.signal?.removeEventListener('abort', abort);
      // Whatever else happened, a closed request has its outcome now.
      if (answered) answered();
      else fail('network_error', 'the connection closed before an answer');
    });
    // A receiver answering 101 Switching Protocols: Node hands over the socket and emits no response.
    req.on('upgrade', (_response, socket) => {
      socket.destroy();
      finish({
        ok: false,
        httpStatus: 101,
        errorKind: 'http_status',
        errorMessage: 'the receiver answered HTTP 101 (switching protocols)',
        responseExcerpt: null,
      });
    });
    const startReading = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => fail('read_timeout', timeoutMessage('read_timeout', request.timeoutMs)),
        request.timeoutMs,
      );
    };
    req.on('socket', (socket) => {
      // A kept connection is connected already: the read timeout starts now.
      if (req.reusedSocket) startReading();
      else socket.once(secure ? 'secureConnect' : 'connect', startReading);
    });

    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(
          {
            ok: status === 200,
            httpStatus: status,
            errorKind: status === 200 ? null : 'http_status',
            errorMessage: status === 200 ? null : `the receiver answered HTTP ${status}`,
            responseExcerpt: excerpt(chunks),
          },
          response.complete,
        );
      // The status decides; the body is only sampled for the log, so a slow body does not fail a 200, nor does a
      // connection reset after it.
      answered = done;
      clearTimeout(timer);
      timer = setTimeout(done, Math.min(1000, request.timeoutMs));
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });

    req.on('error', (error) => {
      if (settled) return;
      if (answered) return answered();
      if (req.reusedSocket && STALE_CODES.has(codeOf(error) ?? '')) return finish(STALE_CONNECTION);
      const [kind, message] = classify(error);
      fail(kind, message);
    });
    req.end(request.body);
  });
}

function excerpt(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  // PostgreSQL text cannot hold NUL; a cut multi-byte character at the end becomes U+FFFD, which is fine.
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replace(/\0/g, '');
}

/** What sending on a connection the receiver has just closed fails with. */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|EPROTO$)/;

function classify(error: unknown): [WebhookErrorKind, string] {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return ['connection_refused', message];
  if (code === 'ETIMEDOUT') return ['connect_timeout', message];
  if (code && /^(ENOTFOUND|EAI_)/.test(code)) return ['dns_failure', message];
  if (code && TLS_CODE.test(code)) return ['tls_error', message];
  return ['network_error', message];
}

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new AttemptTimeout('connect_timeout', ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
