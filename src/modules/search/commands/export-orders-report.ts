import { Readable } from 'node:stream';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { CSV_HEADER_LINE } from '../csv.ts';
import type { OrderSearchRequest } from '../plan.ts';
import { OrderReportRepository } from '../report.repository.ts';
import { ReportLineWriter } from '../report-lines.ts';
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
export async function exportOrdersReport(
  deps: Deps,
  actor: Actor,
  request: OrderSearchRequest,
): Promise<Readable> {
  const plan = planSearch(request);
  const paged = request.size != null || request.start != null || request.search_after != null;
  const cursor = await deps.db.replicaRead((uow) =>
    new OrderReportRepository(uow).openReport(actor.projectId, plan, { paged }),
  );
  // Lines are written into byte chunks of ~64 KB (report-lines.ts). A failure destroys the stream with the error
  // (the HTTP layer logs it and cuts the response); whatever the outcome, a client that hangs up included, the
  // cursor is closed.
  return Readable.from(
    (async function* () {
      try {
        yield Buffer.from(CSV_HEADER_LINE, 'utf8');
        const writer = new ReportLineWriter({ projectId: cursor.projectId });
        for await (const batch of cursor) {
          for (let index = 0; index < batch.length; index++) writer.line(batch[index]![0]!);
          // The rows are written: let them go before the bytes are sent (see ReportCursor).
          batch.length = 0;
          yield* writer.take(false);
        }
        yield* writer.take(true);
      } finally {
        await cursor.close();
      }
    })(),
    { objectMode: false },
  );
}
