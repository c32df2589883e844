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
 * of orders the JSON search returns. The input is checked (and a 400 thrown) and the report's statement started
 * before anything is returned, so a refusal never arrives as a half-written 200. The rows then flow
 * database -> CSV lines -> response with backpressure: the database's bytes are read only as the response takes
 * the lines made of them, and a client that hangs up ends the report's statement and frees its connection.
 */
export async function exportOrdersReport(
  deps: Deps,
  actor: Actor,
  request: OrderSearchRequest,
): Promise<Readable> {
  const plan = planSearch(request);
  const paged = request.size != null || request.start != null || request.search_after != null;
  const report = await deps.db.replicaRead((uow) =>
    new OrderReportRepository(uow).openReport(actor.projectId, plan, { paged }),
  );
  // Lines are written into byte chunks of ~64 KB (report-lines.ts). A failure destroys the stream with the error
  // (the HTTP layer logs it and cuts the response); whatever the outcome, a client that hangs up included, the
  // report's statement is ended.
  const stream = Readable.from(
    (async function* () {
      try {
        yield Buffer.from(CSV_HEADER_LINE, 'utf8');
        const writer = new ReportLineWriter({ projectId: report.projectId });
        for await (const chunk of report) {
          writer.write(chunk);
          yield* writer.take(false);
        }
        writer.end();
        yield* writer.take(true);
      } finally {
        await report.close();
      }
    })(),
    { objectMode: false },
  );
  // A response destroyed before its first read (a client gone while PostgreSQL sorted) never runs the generator,
  // so never its `finally`: the report is closed when the stream closes too (closing twice is a no-op).
  stream.once('close', () => {
    report.close().catch(() => undefined);
  });
  return stream;
}
