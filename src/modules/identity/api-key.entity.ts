import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { apiKeyPrefix, generateApiKey, hashApiKey, type KeyMode } from './api-key.ts';

export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    /** The first characters of the key, safe to show in dashboards and logs. */
    prefix: p.text(),
    /** SHA-256 of the whole key (api-key.ts). */
    keyHash: p.text(),
    /** The merchant's name for the key, e.g. "shop backend". */
    label: p.text().nullable(),
    createdAt: p.datetime(),
    /** The merchant user who created it (null: the CLI or project creation). */
    createdByUserId: p.uuid().nullable(),
    /** Set when the key was rolled: it stops working then. */
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** Updated at most once a minute per key and process, off the request path. */
    lastUsedAt: p.datetime().nullable(),
  },
});

export class ApiKey extends ApiKeySchema.class {
  /** A new key for a project: the row to store and the secret to show once. */
  static issue(
    projectId: string,
    mode: KeyMode,
    options: { label?: string | null; createdByUserId?: string | null; at: Date },
  ): { key: ApiKey; secret: string } {
    const secret = generateApiKey(mode);
    const key = Object.assign(new ApiKey(), {
      id: randomUUID(),
      projectId,
      prefix: apiKeyPrefix(secret),
      keyHash: hashApiKey(secret),
      label: options.label ?? null,
      createdAt: options.at,
      createdByUserId: options.createdByUserId ?? null,
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
    });
    return { key, secret };
  }

  /** Whether the key authenticates at `at`. */
  isActive(at: Date): boolean {
    return !this.revokedAt && (!this.expiresAt || this.expiresAt > at);
  }
}
ApiKeySchema.setClass(ApiKey);
