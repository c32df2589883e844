import { Readable } from 'node:stream';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { CSV_HEADER_LINE } from '../csv.ts';
import type { OrderSearchRequest } from '../plan.ts';
import { reportLine } from '../report-row.ts';
import { OrderSearchRepository } from '../search.repository.ts';
import { planSearch } from './search-orders.ts';

/**
 * The CSV report of a search (spec 4.14 `format=csv`): a stream of CSV text, one line per transaction.
 *
 * Without `size`, `start` and `search_after` it covers every matching order; with any of them, the same page
 * of orders the JSON search returns. The input is checked (and a 400 thrown) and the database cursor opened
 * before anything is returned, so a refusal never arrives as a half-written 200. The rows then flow
 * cursor -> CSV lines -> response with backpressure: the next batch is fetched only when the response has
 * taken the previous one, and a client that hangs up closes the cursor and frees the connection.
 */
/**
 * Lines written per chunk: ~30 KB of text. A chunk as big as a fetched batch (300 KB) would be a large object
 * V8 frees only in a full collection, and the process's memory would grow by hundreds of MB during an export.
 */
const LINES_PER_CHUNK = 100;

export async function exportOrdersReport(
  deps: Deps,
  actor: Actor,
  request: OrderSearchRequest,
): Promise<Readable> {
  const plan = planSearch(request);
  const paged = request.size != null || request.start != null || request.search_after != null;
  const cursor = await deps.db.replicaRead((uow) =>
    new OrderSearchRepository(uow).openReport(actor.projectId, plan, { paged }),
  );
  // One chunk per fetched batch. A failure destroys the stream with the error (the HTTP layer logs it and cuts
  // the response); whatever the outcome, a client that hangs up included, the cursor is closed.
  return Readable.from(
    (async function* () {
      try {
        yield CSV_HEADER_LINE;
        for await (const batch of cursor) {
          for (let start = 0; start < batch.length; start += LINES_PER_CHUNK) {
            yield batch
              .slice(start, start + LINES_PER_CHUNK)
              .map(reportLine)
              .join('');
          }
        }
      } finally {
        await cursor.close();
      }
    })(),
    { objectMode: false },
  );
}
