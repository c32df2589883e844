import { isIP } from 'node:net';

/**
 * THE list of hosts a wallet A merchant session may be requested from: the wallet provider's published
 * payment gateway hosts for production, China and the sandbox ("Setting up your server" in the provider's
 * documentation). The `validationUrl` the browser hands over is attacker-controlled, so the server only ever
 * connects to one of these names (no server-side request forgery). the README section Wallets A and B repeats this list; change
 * both together when the provider publishes a new host.
 */
export const WALLET_A_PAYMENT_GATEWAY_HOSTS: readonly string[] = [
  // Production
  'apple-pay-gateway.apple.com',
  'apple-pay-gateway-nc-pod1.apple.com',
  'apple-pay-gateway-nc-pod2.apple.com',
  'apple-pay-gateway-nc-pod3.apple.com',
  'apple-pay-gateway-nc-pod4.apple.com',
  'apple-pay-gateway-nc-pod5.apple.com',
  'apple-pay-gateway-pr-pod1.apple.com',
  'apple-pay-gateway-pr-pod2.apple.com',
  'apple-pay-gateway-pr-pod3.apple.com',
  'apple-pay-gateway-pr-pod4.apple.com',
  'apple-pay-gateway-pr-pod5.apple.com',
  // China
  'cn-apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway-sh-pod1.apple.com',
  'cn-apple-pay-gateway-sh-pod2.apple.com',
  'cn-apple-pay-gateway-sh-pod3.apple.com',
  'cn-apple-pay-gateway-tj-pod1.apple.com',
  'cn-apple-pay-gateway-tj-pod2.apple.com',
  'cn-apple-pay-gateway-tj-pod3.apple.com',
  // Sandbox
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
];

const ALLOWED_HOSTS = new Set(WALLET_A_PAYMENT_GATEWAY_HOSTS);
export const VALIDATION_URL_PATH_PREFIX = '/paymentservices/';
const PATH_PATTERN = /^\/paymentservices(\/[A-Za-z0-9_-]+)+$/;
const MAX_LENGTH = 2048;

export type ValidationUrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

/**
 * Accepts only `https://<allowed host>/paymentservices/<segments>`, written exactly so: no user info, no
 * port (not even :443), no IP literal, no query or fragment, no dot segments or escapes that a URL parser
 * would rewrite. Anything a parser would normalise is refused rather than normalised, so the URL that was
 * checked is byte for byte the URL that is called.
 */
export function checkValidationUrl(value: string): ValidationUrlCheck {
  const refuse = (problem: string): ValidationUrlCheck => ({ ok: false, problem });
  if (value.length === 0 || value.length > MAX_LENGTH) {
    return refuse(`must be 1 to ${MAX_LENGTH} characters`);
  }
  // Printable ASCII only: no spaces, tabs, newlines or backslashes for a parser to strip or reinterpret.
  if (!/^[\x21-\x5b\x5d-\x7e]+$/.test(value))
    return refuse('must be printable ASCII without spaces or backslashes');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('must be an absolute URL');
  }
  if (url.protocol !== 'https:') return refuse('must use https');
  const authority = /^https:\/\/([^/?#]*)/i.exec(value)?.[1] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return refuse('must not contain user information');
  }
  const hostname = url.hostname;
  if (hostname.startsWith('[') || isIP(hostname) !== 0 || isIP(authority.split(':')[0] ?? '') !== 0) {
    return refuse('must name the wallet provider host, not an IP address');
  }
  if (authority.includes(':') || url.port !== '') return refuse('must not name a port');
  if (!ALLOWED_HOSTS.has(hostname) || authority !== hostname) {
    return refuse('host is not one of the wallet provider payment gateway hosts');
  }
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#')) {
    return refuse('must not have a query or fragment');
  }
  if (!url.pathname.startsWith(VALIDATION_URL_PATH_PREFIX) || !PATH_PATTERN.test(url.pathname)) {
    return refuse(`path must be under ${VALIDATION_URL_PATH_PREFIX}`);
  }
  if (url.href !== value) return refuse('must be written in canonical form');
  return { ok: true, url };
}
