import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GraphQLError } from 'graphql';
import type { Actor } from '../auth/actor.ts';

/**
 * Who may execute only trusted documents: `browsers` (the default) holds callers signed in with a session cookie
 * (the portal) to them, `all` holds API keys too, `off` checks nothing (GRAPHQL_TRUSTED_DOCUMENTS).
 */
export type TrustedDocumentsMode = 'browsers' | 'all' | 'off';

/** One operation as a client sends it, with the GraphQL-over-HTTP persisted documents field. */
export interface DocumentRequest {
  query?: unknown;
  documentId?: unknown;
}

/**
 * Trusted documents (persisted operations): the manifest the portal's build emits (codegen's client preset,
 * `persistedDocuments`: `{"sha256:<hex>": "<document>"}`), loaded once at start. Any caller may send
 * `{"documentId": "sha256:…"}` (the GraphQL-over-HTTP persisted documents convention) instead of `query`; callers
 * the mode holds to the manifest may only execute its documents: an id from it, or a document whose text is
 * exactly one of them. Anything else is refused before it is parsed, with `extensions.code`
 * `TRUSTED_DOCUMENT_REQUIRED` (an arbitrary document) or `PERSISTED_DOCUMENT_NOT_FOUND` (an unknown id),
 * and nothing runs.
 */
export class TrustedDocuments {
  readonly #documents: ReadonlyMap<string, string>;
  readonly #texts: ReadonlySet<string>;
  readonly mode: TrustedDocumentsMode;

  constructor(documents: Record<string, string>, mode: TrustedDocumentsMode) {
    this.#documents = new Map(Object.entries(documents));
    this.#texts = new Set(this.#documents.values());
    this.mode = mode;
  }

  /** The manifest at `file`; a mode other than `off` with no manifest fails at start. */
  static load(file: string, mode: TrustedDocumentsMode): TrustedDocuments {
    let documents: Record<string, string> = {};
    try {
      documents = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch (error) {
      if (mode !== 'off') throw new Error(`trusted documents: cannot read the manifest ${file}: ${error}`);
    }
    return new TrustedDocuments(documents, mode);
  }

  /** How many documents the manifest holds. */
  get size(): number {
    return this.#documents.size;
  }

  /** Whether this caller may only execute documents of the manifest. */
  holds(actor: Actor): boolean {
    return this.mode === 'all' || (this.mode === 'browsers' && actor.principal.kind === 'user');
  }

  /**
   * Puts the document of a `documentId` into the request's `query` (in place), and refuses what the caller may
   * not execute. Null when the request may go on (also when it is no document at all: the server answers that).
   */
  admit(request: DocumentRequest, actor: Actor): GraphQLError | null {
    if (request.documentId !== undefined && request.documentId !== null) {
      const text =
        typeof request.documentId === 'string' ? this.#documents.get(request.documentId) : undefined;
      if (text === undefined) {
        return new GraphQLError('No trusted document has this documentId', {
          extensions: { code: 'PERSISTED_DOCUMENT_NOT_FOUND' },
        });
      }
      request.query = text;
      delete request.documentId;
      return null;
    }
    if (typeof request.query !== 'string' || !this.holds(actor) || this.#texts.has(request.query))
      return null;
    return new GraphQLError(
      'Only trusted documents may be executed with this credential: send the documentId of a document of ' +
        "the portal's manifest instead of a query",
      { extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED' } },
    );
  }
}

/** The sha256 id of a document's text, as codegen's client preset writes it (`sha256:<hex>`). */
export function documentIdOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
