import type { FastifyInstance } from 'fastify';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { requireActor } from '../../../platform/http/authentication.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { presentOrder } from '../../orders/index.ts';
import { exportOrdersReport } from '../commands/export-orders-report.ts';
import { searchOrders } from '../commands/search-orders.ts';
import { parseSearchBody } from '../search-input.ts';
import { searchOrdersContract } from './search-contracts.ts';

/**
 * Spec 4.14. JSON response: `{ "orders": [<order as retrieved>], "total": <matching orders>,
 * ["total_relation": "gte" when total is a lower bound,] "search_after": <cursor of the last hit, null on an
 * empty page>, "has_more": <another page follows> }`.
 * `?format=csv`: the transaction report, streamed.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  route(app, searchOrdersContract, async (request, reply) => {
    const actor = await requireActor(request);
    const format = request.query.format;
    if (format !== undefined && format !== 'csv') {
      throw invalid('format', `"${format}" is not a report format; the only one is csv`);
    }
    const body = parseSearchBody(request.body);

    if (format === 'csv') {
      const report = await exportOrdersReport(request.deps, actor, body);
      const day = request.deps.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(report);
    }

    const result = await searchOrders(request.deps, actor, body, {
      total: body.exact_total ? 'exact' : 'up_to_limit',
    });
    const baseUrl = request.deps.config.baseUrl;
    return {
      orders: result.hits.map((hit) => presentOrder(hit.view, baseUrl, actor.merchantName)),
      total: result.total,
      // Only beyond 10,000 matches: `total` is then a lower bound (send `exact_total: true` to count them all).
      ...(result.totalExact ? {} : { total_relation: 'gte' }),
      search_after: result.searchAfter,
      has_more: result.hasMore,
    };
  });
}
