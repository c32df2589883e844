import type { GraphQLResponse } from './graphql.ts';

/** A signed-in portal session as a browser holds it: the cookie, and the CSRF token the sign-in answered. */
export interface PortalSession {
  cookie: string;
  csrfToken: string;
  /** The whole `Set-Cookie` header of the sign-in. */
  setCookie: string;
  body: { user: { id: string; email: string; role: string }; project_id: string; csrf_token: string };
}

/** `POST {portal}/session` as the portal's single-page app does it. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<PortalSession> {
  const response = await fetch(`${baseUrl}/portal/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const body = (await response.json()) as PortalSession['body'];
  return { cookie: setCookie.split(';')[0]!, csrfToken: body.csrf_token, setCookie, body };
}

/** GraphQL over HTTP with a session cookie (and, unless told otherwise, its CSRF header). */
export function sessionGraphql(baseUrl: string, session: Pick<PortalSession, 'cookie' | 'csrfToken'>) {
  return async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { csrf?: boolean } = {},
  ): Promise<GraphQLResponse<T>> => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        ...(options.csrf === false ? {} : { 'x-csrf-token': session.csrfToken }),
      },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    return { status: response.status, ...(text ? JSON.parse(text) : { data: null }) };
  };
}

/**
 * Settings for tests that sign in and then send documents of their own (not the portal's) with the session, as
 * a script holding a session cookie would: trusted documents, which refuse exactly that by default, are off for
 * them (test/platform/trusted-documents.test.ts tests them).
 */
export const SESSIONS_SEND_ANY_DOCUMENT = { GRAPHQL_TRUSTED_DOCUMENTS: 'off' } as const;
