import { type FormEvent, useState } from 'react';
import { resetPassword } from '../session.ts';

/**
 * `{portal}/reset-password#token=…`: the page of a one-time reset link an admin made. The token is in the
 * fragment, which the browser never sends to the server nor in a Referer.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const refusal = await resetPassword(token, String(form.get('password'))).catch(
      () => 'The server could not be reached. Try again.',
    );
    setBusy(false);
    if (refusal) setError(refusal);
    else setDone(true);
  };
  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <h1>Set a new password</h1>
        {done ? (
          <p>
            Your password is set and your sessions have ended. <a href={import.meta.env.BASE_URL}>Sign in</a>.
          </p>
        ) : (
          <form onSubmit={submit}>
            <label className="field">
              <span>New password (at least 12 characters, hard to guess)</span>
              <input name="password" type="password" autoComplete="new-password" minLength={12} required />
            </label>
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button-primary button-block" disabled={busy || !token}>
              {busy ? 'Setting…' : 'Set password'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
