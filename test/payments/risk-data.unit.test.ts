import { riskDataOf } from '../../src/modules/payments/acquirer/risk-data.ts';

describe("the customer's risk data sent to the acquirer", () => {
  it('passes on a real IPv4 or IPv6 address', () => {
    expect(riskDataOf({ ip_address: '173.0.2.5' })).toEqual({ ipAddress: '173.0.2.5' });
    expect(riskDataOf({ ip_address: '2001:db8::1' })).toEqual({ ipAddress: '2001:db8::1' });
  });

  it('leaves out an ip_address stored as the shop sent it that is not an address', () => {
    for (const ip of ['test', '10.0.0.1, 173.0.2.5', '1', '999.1.1.1', '']) {
      expect(riskDataOf({ ip_address: ip, country: 'NL' })).toEqual({ country: 'NL' });
    }
  });

  it('sends nothing for an order without a customer', () => {
    expect(riskDataOf(null)).toEqual({});
  });
});
