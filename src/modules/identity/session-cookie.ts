import { fastifyCookie } from '@fastify/cookie';
import type { AppConfig } from '../../config/index.ts';

/**
 * The merchant portal's session cookie. `HttpOnly; SameSite=Strict; Path=/` and `Secure` — except for a
 * plain-http loopback portal outside production (a developer's `npm start`), where a Secure cookie would never
 * be stored. `Path=/` because the portal's single-page app sends it to `/graphql` as well as to
 * `{merchant_portal_url}/session`. With Secure the name carries the `__Host-` prefix, which makes browsers
 * refuse it unless it is Secure, host-only and for the whole path.
 */
export interface SessionCookie {
  name: string;
  secure: boolean;
  maxAgeSeconds: number;
}

export function sessionCookieOf(
  config: Pick<AppConfig, 'env' | 'merchantPortalUrl' | 'security'>,
): SessionCookie {
  const portal = new URL(config.merchantPortalUrl);
  const plainLoopback = portal.protocol === 'http:' && isLoopbackHost(portal.hostname);
  const secure = !(plainLoopback && config.env !== 'production');
  return {
    name: secure ? '__Host-portal_session' : 'portal_session',
    secure,
    maxAgeSeconds: Math.floor(config.security.sessions.maxLifetimeMs / 1000),
  };
}

/** The session token a Cookie header carries, or null. */
export function sessionTokenOf(cookieHeader: string | undefined, cookie: SessionCookie): string | null {
  if (!cookieHeader?.includes(cookie.name)) return null;
  const value = fastifyCookie.parse(cookieHeader)[cookie.name];
  return value ? value : null;
}

export function setSessionCookie(cookie: SessionCookie, token: string): string {
  return fastifyCookie.serialize(cookie.name, token, {
    httpOnly: true,
    secure: cookie.secure,
    sameSite: 'strict',
    path: '/',
    maxAge: cookie.maxAgeSeconds,
  });
}

export function clearSessionCookie(cookie: SessionCookie): string {
  return fastifyCookie.serialize(cookie.name, '', {
    httpOnly: true,
    secure: cookie.secure,
    sameSite: 'strict',
    path: '/',
    maxAge: 0,
  });
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
