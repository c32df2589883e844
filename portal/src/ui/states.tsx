import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';

/** Loading, empty and error states: every page shows one of these instead of a blank space. */

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children ? <div className="state-body">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: Error | CombinedError; retry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">Something went wrong</p>
      <p className="state-body">{errorMessage(error)}</p>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A person-readable message: GraphQL errors without urql's "[GraphQL]" prefix, network failures in words. */
export function errorMessage(error: Error | CombinedError): string {
  if ('graphQLErrors' in error && error.graphQLErrors.length > 0) {
    return error.graphQLErrors.map((e) => e.message).join(' ');
  }
  if ('networkError' in error && error.networkError) {
    const status = (error.response as Response | undefined)?.status;
    if (status === 401) return 'Your session has ended. Sign in again.';
    return 'The server could not be reached. Check your connection and try again.';
  }
  return error.message;
}

/** Shows the `userErrors` of a mutation, or its result. */
export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
