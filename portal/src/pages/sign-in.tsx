import { type FormEvent, useState } from 'react';
import { type Session, SignInError, signIn } from '../session.ts';

/** Sign-in: e-mail and password; a wrong one gets the server's one generic message. */
export function SignInPage({ onSignedIn }: { onSignedIn(session: Session): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Shown only when the server asks: one address and password may open accounts in several projects.
  const [askProject, setAskProject] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const projectId = String(form.get('project') ?? '').trim();
      onSignedIn(
        await signIn(String(form.get('email')), String(form.get('password')), projectId || undefined),
      );
    } catch (failure) {
      if (failure instanceof SignInError && failure.projectRequired) setAskProject(true);
      setError(
        failure instanceof SignInError ? failure.message : 'The server could not be reached. Try again.',
      );
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span>Merchant portal</span>
        </div>
        <h1>Sign in</h1>
        <form onSubmit={submit} noValidate={false}>
          <label className="field">
            <span>E-mail address</span>
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <label className="field">
            <span>Password</span>
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          {askProject ? (
            <label className="field">
              <span>Project id</span>
              <input name="project" autoComplete="off" required />
            </label>
          ) : null}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="hint">
          Your administrator creates your account. `npm start` prints the development login.
        </p>
      </div>
    </main>
  );
}
