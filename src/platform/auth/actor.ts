import type { Role } from './roles.ts';

/**
 * Who is calling. Every read and write of a merchant-facing command is scoped to `projectId`; `principal` says
 * which credential proved it (an API key, or a merchant user's session) and `role` what it may do. Every face
 * (REST, GraphQL over HTTP and WebSocket) resolves one Actor per request or operation.
 */
export interface Actor {
  projectId: string;
  merchantId: string;
  merchantName: string;
  mode: 'test' | 'live';
  /** Payment methods active in the project. */
  paymentMethods: string[];
  /** What the caller may do (platform/auth/roles.ts): a user's role, or a key's own. */
  role: Role;
  principal: Principal;
}

/** The credential behind an actor. `expiresAt`: when it stops working on its own (null: never). */
export type Principal =
  | { kind: 'api_key'; keyId: string; prefix: string; expiresAt: Date | null }
  | { kind: 'user'; userId: string; email: string; sessionId: string; expiresAt: Date };

export type PrincipalKind = Principal['kind'];

/** The id that names a principal in logs and the audit log: the key's or the user's id. */
export function principalId(principal: Principal): string {
  return principal.kind === 'api_key' ? principal.keyId : principal.userId;
}

/** A human label for a principal, never a secret: the key's visible prefix or the user's e-mail. */
export function principalLabel(principal: Principal): string {
  return principal.kind === 'api_key' ? principal.prefix : principal.email;
}
