import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export const MerchantSessionSchema = defineEntity({
  name: 'MerchantSession',
  tableName: 'merchant_sessions',
  properties: {
    id: p.uuid().primary(),
    /** SHA-256 of the session token (session-token.ts); the token is only in the browser's cookie. */
    tokenHash: p.text(),
    userId: p.uuid(),
    projectId: p.uuid(),
    createdAt: p.datetime(),
    /** Moved forward at most once a minute while the session is used; idle past the timeout ends it. */
    lastSeenAt: p.datetime(),
    /** The absolute end of the session, whatever its use. */
    expiresAt: p.datetime(),
    /** Set on sign-out. */
    endedAt: p.datetime().nullable(),
    clientAddress: p.text().nullable(),
  },
});

export class MerchantSession extends MerchantSessionSchema.class {
  static start(input: {
    userId: string;
    projectId: string;
    tokenHash: string;
    at: Date;
    maxLifetimeMs: number;
    clientAddress: string | null;
  }): MerchantSession {
    return Object.assign(new MerchantSession(), {
      id: randomUUID(),
      tokenHash: input.tokenHash,
      userId: input.userId,
      projectId: input.projectId,
      createdAt: input.at,
      lastSeenAt: input.at,
      expiresAt: new Date(input.at.getTime() + input.maxLifetimeMs),
      endedAt: null,
      clientAddress: input.clientAddress,
    });
  }
}
MerchantSessionSchema.setClass(MerchantSession);
