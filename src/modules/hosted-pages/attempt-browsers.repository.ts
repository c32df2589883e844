import { timingSafeEqual } from 'node:crypto';
import { preparedRead, type SqlPart } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import type { Transaction } from '../orders/index.ts';

/**
 * Which browser started a payment attempt on the hosted pages: the keyed hash of its `_payer` cookie
 * (payer-browsers.ts), stored with the attempt in the statement that creates it and never changed. The order
 * page and the attempt's own page (the 3-D Secure challenge, the bank) show the attempt's details and actions
 * only to that browser. Own-checkout attempts (made through the API) have no row.
 */

/** The keyed hash (HMAC-SHA256, base64url) of a browser's payer token: what is stored, never the token. */
export type BrowserHash = string;

/** Whose attempt a page is about: this browser's, another browser's, or nobody's (an own checkout). */
export type AttemptBrowser = 'this' | 'another' | 'none';

/** $1 the order, $2 the browser's hash: the order's attempts that browser started. */
const STARTED_BY = preparedRead(
  'hosted.attempts_started_by',
  `select transaction_id from attempt_browsers where order_id = $1::uuid and browser_hash = $2::text`,
);

/** $1 the attempt. */
const BROWSER_OF = preparedRead(
  'hosted.attempt_browser',
  `select browser_hash from attempt_browsers where transaction_id = $1::uuid`,
);

const INSERT = `insert into attempt_browsers (transaction_id, order_id, project_id, browser_hash, created_at)
  select transaction_id, order_id, project_id, browser_hash, created_at
    from json_populate_recordset(null::attempt_browsers, $1::json)`;

export class AttemptBrowserRepository extends Repository {
  /**
   * The ids of the order's attempts the browser started (none without a browser hash). `attempts`: the order's
   * transactions when the caller has them already; an order without any asks nothing (a first payment).
   */
  async startedBy(
    orderId: string,
    browser: BrowserHash | null,
    attempts?: readonly unknown[],
  ): Promise<ReadonlySet<string>> {
    if (browser === null || attempts?.length === 0) return new Set();
    const rows = await this.prepared<{ transaction_id: string }>(STARTED_BY, [orderId, browser]);
    return new Set(rows.map((row) => row.transaction_id));
  }

  /** Whose attempt this is, seen from the browser with hash `browser` (null: it has no payer cookie). */
  async browserOf(transactionId: string, browser: BrowserHash | null): Promise<AttemptBrowser> {
    const [row] = await this.prepared<{ browser_hash: string }>(BROWSER_OF, [transactionId]);
    if (!row) return 'none';
    return browser !== null && sameHash(row.browser_hash, browser) ? 'this' : 'another';
  }
}

function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The attempt's browser, as a part of the statement that writes the attempt (`OrderChanges.also`). */
export function attemptBrowserInsert(
  transaction: Pick<Transaction, 'id' | 'orderId' | 'projectId' | 'createdAt'>,
  browser: BrowserHash,
): SqlPart {
  return {
    sql: INSERT,
    values: [
      JSON.stringify([
        {
          transaction_id: transaction.id,
          order_id: transaction.orderId,
          project_id: transaction.projectId,
          browser_hash: browser,
          created_at: transaction.createdAt,
        },
      ]),
    ],
    merges: ['rows'],
  };
}
