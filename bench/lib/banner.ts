/** What the bench reads from the outside of a running project server: its start banner and PostgreSQL's pid file. */

/** The facts of the start banner: base URL (from "REST base URL"), test project and key. */
export function parseBanner(text: string): Banner | null {
  const rest = /REST base URL\s+(\S+)\/v1\//.exec(text)?.[1];
  const apiKey = /Test API key\s+(\S+)/.exec(text)?.[1];
  const projectId = /Test project\s+(\S+)/.exec(text)?.[1];
  const vault = /Card vault\s+(\S+)/.exec(text)?.[1];
  if (!rest || !apiKey || !projectId) return null;
  // The vault may live on its own host (TOKEN_VAULT_URL); the bench only supports it on the server's host.
  const vaultPath = vault ? new URL(vault).pathname : '/vault/v1/cards/';
  return { baseUrl: rest, apiKey, projectId, vaultPath };
}

export interface Banner {
  baseUrl: string;
  apiKey: string;
  projectId: string;
  vaultPath: string;
}

/** Line 1 of postmaster.pid is the postmaster's pid, line 4 its port. */
export function parsePostmasterPid(text: string): { pid: number; port: number } {
  const lines = text.split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}
