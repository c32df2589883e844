import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as { __EMBEDDED_PG__?: { stop(): Promise<void>; dataDir: string } })
    .__EMBEDDED_PG__;
  if (!embedded) return;
  await embedded.stop();
  await rm(embedded.dataDir, { recursive: true, force: true });
}
