import type { LRUCache } from 'lru-cache';
import { boundedCache } from '../bounded-cache.ts';
import type { Actor } from './actor.ts';

/**
 * The process's memory of credentials it has resolved: credential hash (an API key's or a session token's
 * SHA-256) → the Actor it proved, or "unknown". Bounded LRUs with a short TTL; known and unknown credentials
 * are kept apart, so a flood of made-up keys cannot push the real ones out. Revocations reach every process
 * at once through `forget` (PostgreSQL NOTIFY); the TTL bounds how stale anything else can be.
 */
export class CredentialCache {
  readonly #known: LRUCache<string, Actor> | null;
  readonly #unknown: LRUCache<string, true> | null;

  constructor(options: { ttlMs: number; size: number }) {
    // A TTL of 0 turns the cache off (every request asks the database), e.g. to measure without it.
    const enabled = options.ttlMs > 0;
    this.#known = enabled ? boundedCache({ entries: options.size, ttlMs: options.ttlMs }) : null;
    this.#unknown = enabled ? boundedCache({ entries: options.size, ttlMs: options.ttlMs }) : null;
  }

  /** The cached actor, null when the credential is known to be bad, undefined when not cached. */
  get(hash: string): Actor | null | undefined {
    const actor = this.#known?.get(hash);
    if (actor) return actor;
    return this.#unknown?.has(hash) ? null : undefined;
  }

  remember(hash: string, actor: Actor | null): void {
    if (actor) {
      this.#unknown?.delete(hash);
      this.#known?.set(hash, actor);
    } else {
      this.#known?.delete(hash);
      this.#unknown?.set(hash, true);
    }
  }

  /** Drops every remembered actor `match` picks (a revoked key, a removed user, a changed project). */
  forget(match: (actor: Actor) => boolean): void {
    if (!this.#known) return;
    for (const [hash, actor] of this.#known.entries()) if (match(actor)) this.#known.delete(hash);
  }

  /** Forgets everything, e.g. after notifications may have been missed. */
  clear(): void {
    this.#known?.clear();
    this.#unknown?.clear();
  }
}
