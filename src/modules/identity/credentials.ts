import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { SecurityConfig } from '../../config/security.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { CredentialCache } from '../../platform/auth/credential-cache.ts';
import {
  type CredentialChange,
  concerns,
  parseCredentialChange,
} from '../../platform/auth/credential-change.ts';
import { boundedCache } from '../../platform/bounded-cache.ts';
import type { Db } from '../../platform/db/db.ts';
import { CREDENTIAL_CHANNEL } from '../../platform/pubsub/channels.ts';
import type { PgListener } from '../../platform/pubsub/pg-listener.ts';
import { CredentialRepository, type KeyCallerRow, type SessionCallerRow } from './credential.repository.ts';

/** `last_used_at` of a key and `last_seen_at` of a session move at most this often (per process). */
const TOUCH_EVERY_MS = 60_000;

type ChangeListener = (change: CredentialChange | null) => void;

/**
 * Resolves API keys and session tokens (by their SHA-256) to actors, through the process's CredentialCache:
 * a repeated request costs no database statement, known or unknown. Every process LISTENs on
 * CREDENTIAL_CHANNEL: a revoked key, a removed user or an ended session is forgotten at once everywhere, and
 * `onChange` listeners (the WebSocket server) close that principal's sockets. After a lost LISTEN connection
 * everything is forgotten, since notices may have been missed.
 */
export class Credentials {
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #logger: Logger;
  readonly #idleMs: number;
  readonly #cache: CredentialCache;
  /** When this process last wrote `last_used_at` / `last_seen_at` (or read it), per key or session id. */
  readonly #touched: LRUCache<string, number>;
  readonly #listeners = new Set<ChangeListener>();
  readonly #unlisten: (() => void)[] = [];
  /** Bumped by every change: a lookup that raced a change does not cache what it read. */
  #generation = 0;

  constructor(options: {
    db: Db;
    now: () => Date;
    logger: Logger;
    security: SecurityConfig;
    notifications?: PgListener;
  }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#logger = options.logger;
    this.#idleMs = options.security.sessions.idleTimeoutMs;
    this.#cache = new CredentialCache(options.security.credentialCache);
    this.#touched = boundedCache({ entries: options.security.credentialCache.size * 2 });
    const notifications = options.notifications;
    if (notifications) {
      this.#unlisten.push(
        notifications.on(CREDENTIAL_CHANNEL, (payload) => {
          const change = parseCredentialChange(payload);
          if (change) this.#changed(change);
        }),
        notifications.onReconnect(() => this.#changed(null)),
      );
    }
  }

  /** The actor of an API key that works now, or null. */
  async apiKey(keyHash: string): Promise<Actor | null> {
    const now = this.#now();
    const cacheKey = keyCacheKey(keyHash);
    let actor = this.#cache.get(cacheKey);
    if (actor === undefined) {
      const generation = this.#generation;
      const row = await this.#db.read((uow) => new CredentialRepository(uow).findKeyCaller(keyHash, now));
      actor = row ? keyActor(row) : null;
      if (generation === this.#generation) this.#cache.remember(cacheKey, actor);
    }
    if (!actor) return null;
    const { principal } = actor;
    if (principal.kind !== 'api_key') return null;
    if (principal.expiresAt && principal.expiresAt <= now) {
      this.#cache.remember(cacheKey, null);
      return null;
    }
    this.#touch(principal.keyId, now, (repository) => repository.touchKey(principal.keyId, now));
    return actor;
  }

  /** The cache remembers this key as unknown (or revoked, or expired): `apiKey` would answer null at once. */
  remembersUnknownKey(keyHash: string): boolean {
    return this.#cache.get(keyCacheKey(keyHash)) === null;
  }

  /** The actor of a session token's session while it is open, within its lifetime and not idle; or null. */
  async session(tokenHash: string): Promise<Actor | null> {
    const now = this.#now();
    const cacheKey = `s:${tokenHash}`;
    const cached = this.#cache.get(cacheKey);
    if (cached === null) return null;
    if (cached && cached.principal.kind === 'user' && cached.principal.expiresAt > now) {
      const lastSeen = this.#touched.get(cached.principal.sessionId) ?? 0;
      // Idle by this process's knowledge: another process may have seen it since, so ask the database.
      if (now.getTime() - lastSeen < this.#idleMs) return this.#sessionUsed(cached, now);
    }
    const generation = this.#generation;
    const row = await this.#db.read((uow) =>
      new CredentialRepository(uow).findSessionCaller(tokenHash, now, new Date(now.getTime() - this.#idleMs)),
    );
    const actor = row ? sessionActor(row) : null;
    if (generation === this.#generation) this.#cache.remember(cacheKey, actor);
    if (!row || !actor) return null;
    const seen = Math.max(new Date(row.last_seen_at).getTime(), this.#touched.get(row.session_id) ?? 0);
    this.#touched.set(row.session_id, seen);
    return this.#sessionUsed(actor, now);
  }

  /**
   * Applies a change this process has just committed, before its own NOTIFY comes back: the next request, even
   * one racing the notification, already sees it.
   */
  apply(change: CredentialChange): void {
    this.#changed(change);
  }

  /** Called with each change (null: anything may have changed); returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    for (const unlisten of this.#unlisten) unlisten();
    this.#listeners.clear();
  }

  #sessionUsed(actor: Actor, now: Date): Actor {
    if (actor.principal.kind === 'user') {
      const { sessionId } = actor.principal;
      this.#touch(sessionId, now, (repository) => repository.touchSession(sessionId, now));
    }
    return actor;
  }

  /** At most once a minute per id, after the answer: the write is never on the request's path. */
  #touch(id: string, now: Date, write: (repository: CredentialRepository) => Promise<void>): void {
    const last = this.#touched.get(id) ?? 0;
    if (now.getTime() - last < TOUCH_EVERY_MS) return;
    this.#touched.set(id, now.getTime());
    setImmediate(() => {
      this.#db
        .read((uow) => write(new CredentialRepository(uow)))
        .catch((error) => this.#logger.warn({ err: error }, 'recording credential use failed'));
    });
  }

  #changed(change: CredentialChange | null): void {
    this.#generation += 1;
    if (change) this.#cache.forget((actor) => concerns(change, actor));
    else this.#cache.clear();
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        this.#logger.error({ err: error }, 'credential change listener failed');
      }
    }
  }
}

const keyCacheKey = (keyHash: string) => `k:${keyHash}`;

function projectOf(row: KeyCallerRow | SessionCallerRow) {
  return {
    projectId: row.project_id,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    mode: row.mode,
    paymentMethods: row.payment_methods,
  };
}

function keyActor(row: KeyCallerRow): Actor {
  return {
    ...projectOf(row),
    // A key acts with its own role (never above its maker's), everywhere.
    role: row.role,
    principal: {
      kind: 'api_key',
      keyId: row.key_id,
      prefix: row.prefix,
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    },
  };
}

function sessionActor(row: SessionCallerRow): Actor {
  return {
    ...projectOf(row),
    role: row.role,
    principal: {
      kind: 'user',
      userId: row.user_id,
      email: row.email,
      sessionId: row.session_id,
      expiresAt: new Date(row.expires_at),
    },
  };
}
