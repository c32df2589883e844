import type { Actor } from './actor.ts';

/**
 * A change that makes cached actors stale, announced to every process (NOTIFY on CREDENTIAL_CHANNEL, sent in
 * the transaction that makes the change, so it is delivered exactly when that commits). `revoked` changes end
 * the principal's access at once: its open WebSockets are closed (4403).
 */
export interface CredentialChange {
  scope: 'api_key' | 'user' | 'session' | 'project';
  id: string;
  revoked: boolean;
}

/** Whether a change concerns an actor. */
export function concerns(change: CredentialChange, actor: Actor): boolean {
  const { principal } = actor;
  switch (change.scope) {
    case 'project':
      return actor.projectId === change.id;
    case 'api_key':
      return principal.kind === 'api_key' && principal.keyId === change.id;
    case 'user':
      return principal.kind === 'user' && principal.userId === change.id;
    case 'session':
      return principal.kind === 'user' && principal.sessionId === change.id;
  }
}

export function parseCredentialChange(payload: string): CredentialChange | null {
  try {
    const value = JSON.parse(payload) as Partial<CredentialChange>;
    if (
      (value.scope === 'api_key' ||
        value.scope === 'user' ||
        value.scope === 'session' ||
        value.scope === 'project') &&
      typeof value.id === 'string'
    ) {
      return { scope: value.scope, id: value.id, revoked: value.revoked === true };
    }
  } catch {
    // Not ours: ignored below.
  }
  return null;
}
