import { createHash, createHmac } from 'node:crypto';
import { invitesRetry } from '../../src/platform/http/idempotency.ts';
import {
  canonicalJson,
  isValidIdempotencyKey,
  requestFingerprint as keyedFingerprint,
  normalizePath,
} from '../../src/platform/http/idempotency-fingerprint.ts';

const SECRET = Buffer.from('a server secret of thirty-two characters');
const requestFingerprint = (method: string, url: string, body: unknown) =>
  keyedFingerprint(SECRET, method, url, body);

describe('idempotency fingerprint', () => {
  it('ignores the order in which a client serialises object keys, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ y: 1, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"x":2,"y":1}]},"b":1}',
    );
    expect(requestFingerprint('POST', '/v1/orders/', { amount: 1, currency: 'EUR' })).toBe(
      requestFingerprint('POST', '/v1/orders/', { currency: 'EUR', amount: 1 }),
    );
  });

  it('keeps array order, because it changes the meaning of a request', () => {
    expect(requestFingerprint('POST', '/x', { a: [1, 2] })).not.toBe(
      requestFingerprint('POST', '/x', { a: [2, 1] }),
    );
  });

  it('tells apart requests that differ in method, path, query or body', () => {
    const base = requestFingerprint('POST', '/v1/orders/a/refunds/', { amount: 100 });
    expect(requestFingerprint('PUT', '/v1/orders/a/refunds/', { amount: 100 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/orders/b/refunds/', { amount: 100 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/orders/a/refunds/?x=1', { amount: 100 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/orders/a/refunds/', { amount: 101 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/orders/a/refunds/', { amount: '100' })).not.toBe(base);
  });

  it('treats paths with and without a trailing slash, or with doubled slashes, as the same path', () => {
    expect(normalizePath('/v1/orders/')).toEqual({ path: '/v1/orders', query: '' });
    expect(normalizePath('//v1//orders?size=2')).toEqual({ path: '/v1/orders', query: 'size=2' });
    expect(normalizePath('/')).toEqual({ path: '/', query: '' });
    expect(requestFingerprint('POST', '/v1/orders/', {})).toBe(requestFingerprint('POST', '/v1/orders', {}));
  });

  it('is an HMAC under the server secret, never a plain hash of the request', () => {
    const body = { amount: 100 };
    const canonical = JSON.stringify(['POST', '/v1/orders', '', canonicalJson(body)]);
    expect(requestFingerprint('POST', '/v1/orders/', body)).toBe(
      createHmac('sha256', SECRET).update(canonical).digest('hex'),
    );
    expect(requestFingerprint('POST', '/v1/orders/', body)).not.toBe(
      createHash('sha256').update(canonical).digest('hex'),
    );
    expect(keyedFingerprint(Buffer.from('another secret'), 'POST', '/v1/orders/', body)).not.toBe(
      requestFingerprint('POST', '/v1/orders/', body),
    );
  });

  it('leaves card data out entirely: not even the last four digits of a card number take part', () => {
    const body = { setup_token: 't', pan: '4111111111111111', expiry: '122030', input: { cvc: '737' } };
    expect(canonicalJson(body)).toBe('{"expiry":"122030","input":{},"setup_token":"t"}');
    expect(requestFingerprint('POST', '/vault/v1/cards', body)).toBe(
      requestFingerprint('POST', '/vault/v1/cards', {
        ...body,
        pan: '5555555555554444',
        input: { cvc: '123' },
      }),
    );
  });

  it('tells apart requests whose other fields hold different digit runs, Luhn-valid ones included', () => {
    // Order numbers may pass the Luhn check as card numbers do: two of them are two different orders.
    expect(requestFingerprint('POST', '/v1/orders/', { merchant_order_id: '4111111111111111' })).not.toBe(
      requestFingerprint('POST', '/v1/orders/', { merchant_order_id: '4242424242424242' }),
    );
    expect(requestFingerprint('POST', '/v1/orders/', { description: 'ref 5500 0000 0000 0004' })).not.toBe(
      requestFingerprint('POST', '/v1/orders/', { description: 'ref 5555 5555 5555 4444' }),
    );
    expect(requestFingerprint('POST', '/v1/orders/?ref=4111111111111111', {})).not.toBe(
      requestFingerprint('POST', '/v1/orders/?ref=4242424242424242', {}),
    );
    // A GraphQL document too (one that writes a card number into a mutation is refused: card-literals.ts).
    const query = (number: string) => `query { orders(search: "${number}") { nodes { id } } }`;
    expect(requestFingerprint('POST', '/graphql', { query: query('4111111111111111') })).not.toBe(
      requestFingerprint('POST', '/graphql', { query: query('4242424242424242') }),
    );
  });

  it('accepts printable ASCII keys of 1 to 255 characters and refuses anything else', () => {
    expect(isValidIdempotencyKey('3f0c6a0e-8d55-4bd5-9a35-2f8d2b1f6c11')).toBe(true);
    expect(isValidIdempotencyKey('a')).toBe(true);
    expect(isValidIdempotencyKey('refund order 42')).toBe(true);
    expect(isValidIdempotencyKey('k'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('k'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey(' padded')).toBe(false);
    expect(isValidIdempotencyKey('naïve')).toBe(false);
    expect(isValidIdempotencyKey('line\nbreak')).toBe(false);
  });
});

describe('which outcomes are kept for replay', () => {
  it('does not keep failures that invite a retry', () => {
    for (const status of [500, 502, 503, 409, 429]) expect(invitesRetry(status, '{}', false)).toBe(true);
  });

  it('keeps successes and definitive refusals', () => {
    for (const status of [200, 201, 400, 404, 422]) expect(invitesRetry(status, '{}', false)).toBe(false);
  });

  it('does not keep a GraphQL response whose operation failed before producing data', () => {
    expect(invitesRetry(200, '{"errors":[{"message":"boom"}],"data":null}', true)).toBe(true);
    expect(invitesRetry(200, '{"errors":[{"message":"boom"}]}', true)).toBe(true);
    expect(invitesRetry(200, 'not json', true)).toBe(true);
  });

  it('keeps a GraphQL response with data, user errors included', () => {
    expect(invitesRetry(200, '{"data":{"refundOrder":{"userErrors":[{"code":"x"}]}}}', true)).toBe(false);
    expect(invitesRetry(200, '{"data":{"a":1},"errors":[{"message":"partial"}]}', true)).toBe(false);
  });
});
