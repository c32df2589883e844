import { Webhook } from 'standardwebhooks';
import { webhookBody } from '../../src/modules/webhooks/commands/attempt-delivery.ts';
import {
  generateSigningSecret,
  sign,
  standardWebhookHeaders,
} from '../../src/modules/webhooks/delivery/signature.ts';

describe('Standard Webhooks signatures', () => {
  const body = webhookBody({ orderId: 'o-1', projectId: 'p-1' });
  const id = '0b18b81b-c7f6-400f-b6e2-98fa0344b253';

  it('matches the Standard Webhooks reference vector', () => {
    // From the Standard Webhooks specification's libraries' tests.
    expect(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('sends the event id and the timestamp always, and a signature per secret during a rotation', () => {
    const [newer, older] = [generateSigningSecret(), generateSigningSecret()];
    const timestampSeconds = Math.floor(Date.now() / 1000);
    expect(standardWebhookHeaders({ id, timestampSeconds, body, secrets: [] })).toEqual({
      'webhook-id': id,
      'webhook-timestamp': String(timestampSeconds),
    });
    const headers = standardWebhookHeaders({ id, timestampSeconds, body, secrets: [newer, older] });
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    // A receiver holding either secret accepts it; a third secret does not.
    expect(new Webhook(newer).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(older).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(newer).verify(`${body} `, headers)).toThrow();
  });

  it('gives every project its own random secret in the whsec_ base64 form', () => {
    const secret = generateSigningSecret();
    expect(secret).not.toBe(generateSigningSecret());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });

  it("builds the spec's body: event, order_id, project_id and nothing else", () => {
    expect(JSON.parse(body)).toEqual({ event: 'status_changed', order_id: 'o-1', project_id: 'p-1' });
    expect(Object.keys(JSON.parse(body))).toEqual(['event', 'order_id', 'project_id']);
  });
});
