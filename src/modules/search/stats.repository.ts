import { Repository } from '../../platform/db/repository.ts';
import { FINAL_ORDER_STATUSES, isSucceededTransactionStatus, TRANSACTION_STATUSES } from '../orders/index.ts';
import { numbered } from './search.repository.ts';
import { joinSql, type SqlFragment, sqlFragment } from './sql-fragment.ts';
import type { OrderStatsPlan, StatsDimension, StatsRow } from './stats-plan.ts';

const SUCCEEDED = TRANSACTION_STATUSES.filter(isSucceededTransactionStatus);

/** The order's day or hour in the time zone (`?`): local wall-clock time, turned into an instant per bucket. */
const periodSql = (unit: 'day' | 'hour') =>
  `date_trunc('${unit}', o.created_at at time zone cast(? as text))`;

/** The SQL of each dimension over `o` (and `pm`, the paying method). */
const DIMENSION_SQL: Readonly<Record<Exclude<StatsDimension, 'currency'>, string>> = {
  day: periodSql('day'),
  hour: periodSql('hour'),
  status: 'o.status',
  payment_method: 'pm.payment_method',
};

interface Row {
  d0: number | null;
  d1: string | null;
  d2: string | null;
  currency: string;
  orders: number;
  amount: string;
  refunded: string;
  completed: number;
  final: number;
}

/** Order statistics (stats-plan.ts) in one statement, grouped by the plan's dimensions and always by currency. */
export class OrderStatsRepository extends Repository {
  async groups(projectId: string, plan: OrderStatsPlan): Promise<StatsRow[]> {
    const period = plan.groupBy.find((d) => d === 'day' || d === 'hour');
    const select = (dimension: Exclude<StatsDimension, 'currency'> | undefined, present: boolean) =>
      dimension && present
        ? sqlFragment(DIMENSION_SQL[dimension], DIMENSION_SQL[dimension].includes('?') ? [plan.timeZone] : [])
        : sqlFragment('null');
    const byMethod = plan.groupBy.includes('payment_method');
    const dimensions = [
      period ? select(period, true) : sqlFragment('cast(null as timestamp)'),
      select('status', plan.groupBy.includes('status')),
      select('payment_method', byMethod),
    ];
    // The paying transaction's method, else the latest attempt's: read only when grouping by it.
    const method = byMethod
      ? `left join lateral (
           select t.payment_method from transactions t where t.order_id = o.id
            order by (t.status = any(cast(? as text[]))) desc, t.created_at desc, t.id desc limit 1) pm on true`
      : '';
    const where = joinSql(
      [
        sqlFragment(
          `o.project_id = cast(? as uuid) and o.kind = 'payment' and o.created_at >= ? and o.created_at < ?`,
          [projectId, plan.from, plan.to],
        ),
        plan.filter,
      ],
      'and',
    );
    // Grouped on the local time first; a bucket's start becomes an instant (Unix seconds) once per bucket.
    const statement: SqlFragment = {
      sql: `select extract(epoch from g.local_period at time zone cast(? as text))::float8 as d0, g.d1, g.d2,
          g.currency, g.orders, g.amount, g.refunded, g.completed, g.final
        from (
          select ${dimensions.map((d, i) => `${d.sql} as ${i === 0 ? 'local_period' : `d${i}`}`).join(', ')},
            o.currency::text as currency,
            count(*)::int as orders, sum(o.amount)::text as amount, sum(o.refunded_amount)::text as refunded,
            (count(*) filter (where o.status = 'completed'))::int as completed,
            (count(*) filter (where o.status = any(cast(? as text[]))))::int as final
          from orders o ${method}
          where ${where.sql}
          group by 1, 2, 3, 4) g
        order by 1, 2, 3, 4`,
      params: [
        plan.timeZone,
        ...dimensions.flatMap((d) => d.params),
        [...FINAL_ORDER_STATUSES],
        ...(byMethod ? [SUCCEEDED] : []),
        ...where.params,
      ],
    };
    const { text, values } = numbered(statement);
    const rows = await this.query<Row>(text, values);
    return rows.map((row) => ({
      period: row.d0 === null ? null : new Date(row.d0 * 1000),
      status: row.d1,
      paymentMethod: row.d2,
      currency: row.currency,
      orders: row.orders,
      amount: Number(row.amount),
      refundedAmount: Number(row.refunded),
      completed: row.completed,
      final: row.final,
    }));
  }
}
