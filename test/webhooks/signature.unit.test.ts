import { createHmac } from 'node:crypto';
import { webhookBody } from '../../src/modules/webhooks/commands/attempt-delivery.ts';
import {
  generateSigningSecret,
  signatureHeader,
  verifySignature,
} from '../../src/modules/webhooks/delivery/signature.ts';

describe('webhook signatures', () => {
  const secret = generateSigningSecret();
  const body = webhookBody({ orderId: 'o-1', projectId: 'p-1' });

  it('is HMAC-SHA256 with the secret over "<timestamp>.<raw body>", sent with the timestamp', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies for the same secret and body within the tolerance, and only then', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(secret, header, body, 1_700_000_100)).toBe(true);
    expect(verifySignature(secret, header, body, 1_700_000_301)).toBe(false);
    expect(verifySignature(generateSigningSecret(), header, body, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, header, `${body} `, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, undefined, body, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, 't=1700000000,v1=zz', body, 1_700_000_000)).toBe(false);
  });

  it('gives every project its own random secret', () => {
    expect(generateSigningSecret()).not.toBe(generateSigningSecret());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it("builds the spec's body: event, order_id, project_id and nothing else", () => {
    expect(JSON.parse(body)).toEqual({ event: 'status_changed', order_id: 'o-1', project_id: 'p-1' });
    expect(Object.keys(JSON.parse(body))).toEqual(['event', 'order_id', 'project_id']);
  });
});
