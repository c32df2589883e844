import {
  checkValidationUrl,
  WALLET_A_PAYMENT_GATEWAY_HOSTS,
} from '../../src/modules/wallets/wallet-a/validation-url.ts';

describe('the wallet A validationUrl check', () => {
  it('lists the production, China and sandbox gateway hosts of the provider', () => {
    expect(WALLET_A_PAYMENT_GATEWAY_HOSTS).toHaveLength(20);
    expect(WALLET_A_PAYMENT_GATEWAY_HOSTS).toEqual(
      expect.arrayContaining([
        'apple-pay-gateway.apple.com',
        'apple-pay-gateway-nc-pod5.apple.com',
        'apple-pay-gateway-pr-pod1.apple.com',
        'cn-apple-pay-gateway.apple.com',
        'cn-apple-pay-gateway-sh-pod3.apple.com',
        'cn-apple-pay-gateway-tj-pod1.apple.com',
        'apple-pay-gateway-cert.apple.com',
        'cn-apple-pay-gateway-cert.apple.com',
      ]),
    );
  });

  it.each(WALLET_A_PAYMENT_GATEWAY_HOSTS)('accepts https://%s/paymentservices/startSession', (host) => {
    const checked = checkValidationUrl(`https://${host}/paymentservices/startSession`);
    expect(checked).toEqual({ ok: true, url: new URL(`https://${host}/paymentservices/startSession`) });
  });

  it('accepts the other session path of the provider', () => {
    expect(checkValidationUrl('https://apple-pay-gateway.apple.com/paymentservices/paymentSession').ok).toBe(
      true,
    );
  });

  it.each([
    ['a foreign host', 'https://evil.example/paymentservices/startSession', 'host is not one of'],
    ['a look-alike subdomain', 'https://apple-pay-gateway.apple.com.evil.example/paymentservices/x', 'host'],
    ['a look-alike parent', 'https://evil.apple-pay-gateway.apple.com/paymentservices/x', 'host'],
    ['another apple.com host', 'https://www.apple.com/paymentservices/startSession', 'host'],
    ['a trailing dot', 'https://apple-pay-gateway.apple.com./paymentservices/startSession', 'host'],
    ['an upper-case host', 'https://APPLE-PAY-GATEWAY.apple.com/paymentservices/startSession', 'host'],
    ['an IPv4 literal', 'https://17.141.128.7/paymentservices/startSession', 'IP address'],
    ['an IPv6 literal', 'https://[::1]/paymentservices/startSession', 'IP address'],
    ['a decimal IPv4 host', 'https://2130706433/paymentservices/startSession', 'IP address'],
    ['http', 'http://apple-pay-gateway.apple.com/paymentservices/startSession', 'https'],
    ['another scheme', 'ftp://apple-pay-gateway.apple.com/paymentservices/startSession', 'https'],
    ['a relative URL', '/paymentservices/startSession', 'absolute URL'],
    ['a port', 'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession', 'port'],
    [
      'the default port written out',
      'https://apple-pay-gateway.apple.com:443/paymentservices/startSession',
      'port',
    ],
    [
      'user info',
      'https://user:pw@apple-pay-gateway.apple.com/paymentservices/startSession',
      'user information',
    ],
    ['a user name', 'https://evil.example@apple-pay-gateway.apple.com/paymentservices/x', 'user information'],
    ['a path outside /paymentservices/', 'https://apple-pay-gateway.apple.com/other/startSession', 'path'],
    ['the bare prefix', 'https://apple-pay-gateway.apple.com/paymentservices/', 'path'],
    ['a dot segment', 'https://apple-pay-gateway.apple.com/paymentservices/../admin', 'path'],
    ['an encoded dot segment', 'https://apple-pay-gateway.apple.com/paymentservices/%2e%2e/admin', 'path'],
    ['a query', 'https://apple-pay-gateway.apple.com/paymentservices/startSession?x=1', 'query'],
    ['a fragment', 'https://apple-pay-gateway.apple.com/paymentservices/startSession#x', 'query'],
    ['a backslash', 'https://apple-pay-gateway.apple.com\\@evil.example/paymentservices/x', 'backslash'],
    ['a space', 'https://apple-pay-gateway.apple.com/paymentservices/start Session', 'spaces'],
    ['an empty string', '', 'characters'],
  ])('refuses %s', (_case, url, problem) => {
    const checked = checkValidationUrl(url);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problem).toContain(problem);
  });
});
