import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import type { Role } from '../../platform/auth/roles.ts';
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
    /** The merchant user who created it (null: the CLI or project creation), and that user's e-mail then. */
    createdByUserId: p.uuid().nullable(),
    createdByEmail: p.text().nullable(),
    /** What the key may do: never more than its creator's role (CLI keys: admin). */
    role: p.enum(['admin', 'developer', 'viewer'] as const),
    /**
     * The user the key belongs to: removing that user revokes the key. Its creator, until an admin takes it over;
     * null for keys made from the CLI or with the project (the operator's).
     */
    ownerUserId: p.uuid().nullable(),
    ownerEmail: p.text().nullable(),
    /** Set when the key was rolled: it stops working then. */
    expiresAt: p.datetime().nullable(),
    /**
     * The key this one replaced, for a key made by a roll: a key has at most one successor (a partial unique
     * index on this column), so rolling a key twice cannot leave two live replacements of it.
     */
    rolledFromId: p.uuid().nullable(),
    revokedAt: p.datetime().nullable(),
    /** Updated at most once a minute per key and process, off the request path. */
    lastUsedAt: p.datetime().nullable(),
  },
});

/** A merchant user as a key remembers it: its creator or owner. */
export interface KeyUser {
  id: string;
  email: string;
}

export class ApiKey extends ApiKeySchema.class {
  /**
   * A new key for a project: the row to store and the secret to show once. `creator`: the user making it (its
   * first owner); null from the CLI. `owner`: another owner than the creator (a roll from the CLI keeps the
   * rolled key's). `id`: the key's id when it must be known beforehand (derived from an Idempotency-Key).
   * `rolledFrom`: the key a roll replaces with this one.
   */
  static issue(
    projectId: string,
    mode: KeyMode,
    options: {
      label?: string | null;
      role: Role;
      creator: KeyUser | null;
      owner?: KeyUser | null;
      at: Date;
      id?: string;
      rolledFrom?: string;
    },
  ): { key: ApiKey; secret: string } {
    const owner = options.owner === undefined ? options.creator : options.owner;
    const secret = generateApiKey(mode);
    const key = Object.assign(new ApiKey(), {
      id: options.id ?? randomUUID(),
      projectId,
      prefix: apiKeyPrefix(secret),
      keyHash: hashApiKey(secret),
      label: options.label ?? null,
      createdAt: options.at,
      createdByUserId: options.creator?.id ?? null,
      createdByEmail: options.creator?.email ?? null,
      role: options.role,
      ownerUserId: owner?.id ?? null,
      ownerEmail: owner?.email ?? null,
      expiresAt: null,
      rolledFromId: options.rolledFrom ?? null,
      revokedAt: null,
      lastUsedAt: null,
    });
    return { key, secret };
  }

  /** The key's owner from now on (an admin taking it over; null: the operator's): its removal revokes the key. */
  takeOver(by: KeyUser | null): void {
    this.ownerUserId = by?.id ?? null;
    this.ownerEmail = by?.email ?? null;
  }

  /** The user the key belongs to (removing that user revokes it), or null. */
  owner(): KeyUser | null {
    return this.ownerUserId ? { id: this.ownerUserId, email: this.ownerEmail ?? '' } : null;
  }

  /**
   * A new secret for a key whose secret nobody has seen (its answer died with the process that made it): the
   * old one stops working, the key stays the same key. Answers the new secret, to show once.
   */
  rekey(mode: KeyMode): string {
    const secret = generateApiKey(mode);
    this.prefix = apiKeyPrefix(secret);
    this.keyHash = hashApiKey(secret);
    return secret;
  }

  /** Whether the key authenticates at `at`. */
  isActive(at: Date): boolean {
    return !this.revokedAt && (!this.expiresAt || this.expiresAt > at);
  }
}
ApiKeySchema.setClass(ApiKey);
