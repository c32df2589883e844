/**
 * Reads HTTP Basic credentials as the spec uses them: the API key as user name and an empty password.
 * Returns null for anything else (missing header, other scheme, bad base64, a non-empty password).
 */
export function apiKeyFromBasicAuth(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  if (decoded.slice(colon + 1) !== '') return null;
  return decoded.slice(0, colon);
}

export const WWW_AUTHENTICATE = 'Basic realm="payments", charset="UTF-8"';

/** The challenge for a page's own scripts: the cookie scheme of draft-broyer-http-cookie-auth, which browsers ignore. */
export const SCRIPT_CHALLENGE = 'Cookie realm="payments"';
