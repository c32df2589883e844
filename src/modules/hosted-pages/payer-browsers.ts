import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrowserHash } from './attempt-browsers.repository.ts';

/**
 * The browser that starts a payment on the hosted pages is given a random token in the payer cookie; the
 * attempt stores the token's keyed hash (attempt-browsers.repository.ts). Whoever else opens the same order
 * (the same `order_url`, or a single-use payment link that leads everyone to it) is shown that a payment is in
 * progress, never the attempt's challenge or bank link, its card, or a way to cancel it.
 *
 * The cookie: HttpOnly (no script reads it), `SameSite=Lax` (sent on the top-level GET back from a bank, never
 * on another site's post), `Secure` when the base URL is https, the base URL's path (so `/pay/`, `/redirect/`
 * and `/ideal/` all get it), and 31 days, the longest an order stays open, renewed at each payment started.
 * Its name carries the prefix browsers hold it to over https (page-scope.ts `pageCookieName`: `__Host-payer` or
 * `__Secure-payer`; `_payer` over plain http): a browser keeps the token it has for its next payment, so a token
 * planted by a sibling subdomain or a plain-http page (cookie tossing) would let its planter watch and cancel
 * the payment; a prefixed cookie only this origin over https can set. Only its HMAC-SHA256 under a key derived from the server secret is stored: the database alone cannot make a
 * cookie that would be taken for the payer's.
 */

/** 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 31 * 86_400;

/** A browser's payer token and its hash, for a payment it is about to start. */
export interface PayerToken {
  token: string;
  hash: BrowserHash;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payer cookies of a page scope (page-scope.ts registers them). */
    payers: PayerBrowsers;
  }
}

export class PayerBrowsers {
  readonly #key: Buffer;
  readonly #cookie: { name: string; path: string; secure: boolean };

  /** `key`: the HMAC key of the stored hashes; `cookie`: its name, the base URL's path, and whether it is https. */
  constructor(key: Buffer, cookie: { name: string; path: string; secure: boolean }) {
    this.#key = key;
    this.#cookie = cookie;
  }

  /** The hash of the browser's payer token, or null when it has none (it started no payment here). */
  of(request: FastifyRequest): BrowserHash | null {
    const token = this.#tokenOf(request);
    return token === null ? null : this.#hash(token);
  }

  /** The browser's token for a payment it starts now: the one it has, else a new one (`keep` sets it). */
  forNewAttempt(request: FastifyRequest): PayerToken {
    const token = this.#tokenOf(request) ?? randomBytes(32).toString('base64url');
    return { token, hash: this.#hash(token) };
  }

  /** Gives the browser the token of the payment it started (or renews it). */
  keep(reply: FastifyReply, payer: PayerToken): void {
    reply.setCookie(this.#cookie.name, payer.token, {
      path: this.#cookie.path,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#cookie.secure,
      maxAge: MAX_AGE_SECONDS,
    });
  }

  #hash(token: string): BrowserHash {
    return createHmac('sha256', this.#key).update(token).digest('base64url');
  }

  #tokenOf(request: FastifyRequest): string | null {
    const value = request.cookies[this.#cookie.name];
    return value !== undefined && TOKEN.test(value) ? value : null;
  }
}
