import type { ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

/** A secret the server shows only once (an API key, a password, a signing secret), with a copy button. */
export function SecretOnce({
  children,
  secret,
  copyLabel,
  onDone,
  doneLabel = 'I have stored it',
  after,
}: {
  children: ReactNode;
  secret: string;
  copyLabel: string;
  onDone?: () => void;
  doneLabel?: string;
  after?: ReactNode;
}) {
  return (
    <div className="secret" role="status">
      <p>{children}</p>
      <div className="secret-row">
        <code className="secret-value" data-testid="new-secret">
          {secret}
        </code>
        <CopyButton text={secret} label={copyLabel} />
      </div>
      {after}
      {onDone ? (
        <button type="button" className="button button-small" onClick={onDone}>
          {doneLabel}
        </button>
      ) : null}
    </div>
  );
}
