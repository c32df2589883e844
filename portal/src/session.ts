/**
 * The portal's session, through `{merchant_portal_url}/session` (the identity module's endpoints): JSON in and out,
 * the session itself in an HttpOnly cookie the page never sees. The CSRF token the sign-in answers lives in memory
 * only; after a reload, `GET …/session` gives it again.
 */

export type Role = 'admin' | 'developer' | 'viewer';

export interface Session {
  user: { id: string; email: string; role: Role };
  projectId: string;
  csrfToken: string;
}

interface SessionJson {
  user: { id: string; email: string; role: Role };
  project_id: string;
  csrf_token: string;
}

export const SESSION_URL = `${import.meta.env.BASE_URL}session`;

export class SignInError extends Error {
  /** The server asks which project: the address and password open several (`project_required`). */
  readonly projectRequired: boolean;

  constructor(message: string, projectRequired = false) {
    super(message);
    this.projectRequired = projectRequired;
  }
}

const fromJson = (json: SessionJson): Session => ({
  user: json.user,
  projectId: json.project_id,
  csrfToken: json.csrf_token,
});

/**
 * Whether this browser signed in to the portal and has not been signed out since. Without it a first visit asks
 * the server nothing: the answer would be a 401, which the browser logs as a console error no page can hide. It
 * only says whether to ask; the session itself is the HttpOnly cookie. A stale mark costs one 401, then it is gone.
 */
const SIGNED_IN_MARK = 'portal.signed-in';

function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARK, '1');
    else localStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    // Storage off: the page asks the server every time instead.
  }
}

function mayBeSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_MARK) !== null;
  } catch {
    return true;
  }
}

/** Forgets that this browser was signed in (the server ended the session: signed out, expired or removed). */
export function forgetSession(): void {
  markSignedIn(false);
}

/** The current session after a reload, or null when signed out (nothing to ask, or the server answers 401). */
export async function currentSession(): Promise<Session | null> {
  if (!mayBeSignedIn()) return null;
  const response = await fetch(SESSION_URL, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (response.status === 401) {
    forgetSession();
    return null;
  }
  if (!response.ok) throw new Error(`The session could not be read (HTTP ${response.status})`);
  markSignedIn(true);
  return fromJson((await response.json()) as SessionJson);
}

export async function signIn(email: string, password: string, projectId?: string): Promise<Session> {
  const response = await fetch(SESSION_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password, ...(projectId ? { project_id: projectId } : {}) }),
  });
  if (response.ok) {
    markSignedIn(true);
    return fromJson((await response.json()) as SessionJson);
  }
  const body = (await response.json().catch(() => null)) as {
    error?: { type?: string; value?: string };
  } | null;
  if (response.status === 429) throw new SignInError('Too many attempts. Wait a minute and try again.');
  throw new SignInError(
    body?.error?.value ?? `Signing in failed (HTTP ${response.status})`,
    body?.error?.type === 'project_required',
  );
}

/** Sets a new password with a reset link's token; answers the server's refusal, or null once done. */
export async function resetPassword(token: string, password: string): Promise<string | null> {
  const response = await fetch(`${import.meta.env.BASE_URL}password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (response.ok) return null;
  if (response.status === 429) return 'Too many attempts. Wait a minute and try again.';
  const body = (await response.json().catch(() => null)) as { error?: { value?: string } } | null;
  return body?.error?.value ?? `The password could not be set (HTTP ${response.status})`;
}

/** Ends the session on the server (every process closes its sockets); the cookie is cleared. */
export async function signOut(session: Session): Promise<void> {
  forgetSession();
  await fetch(SESSION_URL, { method: 'DELETE', headers: { 'x-csrf-token': session.csrfToken } });
}
