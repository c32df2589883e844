import { createContext, useContext } from 'react';
import type { PortalClient } from './graphql-client.ts';
import type { Role, Session } from './session.ts';

export interface Portal {
  session: Session;
  portal: PortalClient;
  /** Whether the live connection (graphql-ws) is up. */
  live: boolean;
  /** Bumped each time the live connection comes back after a drop: pages catch up then. */
  reconnects: number;
  signOut(): Promise<void>;
}

export const PortalContext = createContext<Portal | null>(null);

export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal outside a signed-in portal');
  return portal;
}

const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2 };

/** Whether the signed-in user's role is at least `role` (the API enforces it anyway; the portal hides what it would refuse). */
export function useCan(role: Role): boolean {
  return RANK[usePortal().session.user.role] >= RANK[role];
}
