import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useQuery } from 'urql';
import { graphql } from '../gql/index.ts';
import { formatMoney } from '../money.ts';
import { type DayStatusBucket, startOfDay, totals, userTimeZone, volumePerDay } from '../stats.ts';
import { humanize } from '../ui/badges.tsx';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';
import { LiveFeed } from './live-feed.tsx';

/** What a window's totals need of its one bucket. */
export const WindowTotalsFields = graphql(`
  fragment WindowTotals on OrderStats {
    buckets {
      orderCount
      completedCount
      finalCount
      amounts {
        currency
        amount
      }
    }
  }
`);

/** The three windows' totals and the per-day chart, counted by the server in the user's time zone. */
const HomeStats = graphql(`
  query HomeStats(
    $today: DateTime!
    $week: DateTime!
    $month: DateTime!
    $until: DateTime!
    $timeZone: String!
  ) {
    today: orderStats(from: $today, to: $until, timeZone: $timeZone) {
      ...WindowTotals
    }
    week: orderStats(from: $week, to: $until, timeZone: $timeZone) {
      ...WindowTotals
    }
    month: orderStats(from: $month, to: $until, timeZone: $timeZone) {
      ...WindowTotals
    }
    perDay: orderStats(from: $month, to: $until, groupBy: [DAY, STATUS], timeZone: $timeZone) {
      buckets {
        periodStart
        status
        orderCount
      }
    }
  }
`);

const STATUS_COLOURS: Record<string, string> = {
  COMPLETED: '#15803d',
  PROCESSING: '#b45309',
  NEW: '#4f46e5',
  SEE_TRANSACTIONS: '#a16207',
  CANCELLED: '#64748b',
  EXPIRED: '#94a3b8',
  ERROR: '#b91c1c',
};

export function HomePage() {
  const now = useMemo(() => new Date(), []);
  const since = startOfDay(now, 29);
  const variables = useMemo(
    () => ({
      today: startOfDay(now, 0).toISOString(),
      week: startOfDay(now, 6).toISOString(),
      month: startOfDay(now, 29).toISOString(),
      until: startOfDay(now, -1).toISOString(),
      timeZone: userTimeZone(),
    }),
    [now],
  );
  const [stats, refetch] = useQuery({ query: HomeStats, variables, requestPolicy: 'cache-and-network' });
  const reload = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  // Totals follow the live feed: each burst of events reloads them once.
  const pendingReload = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pendingReload.current), []);
  const onEvent = useCallback(() => {
    window.clearTimeout(pendingReload.current);
    pendingReload.current = window.setTimeout(reload, 400);
  }, [reload]);
  const data = stats.data;

  return (
    <section className="page" aria-labelledby="home-title">
      <h1 id="home-title">Home</h1>
      {stats.error && !data ? (
        <ErrorState error={stats.error} retry={reload} />
      ) : !data ? (
        <Loading label="Loading totals" />
      ) : (
        <>
          <div className="stat-grid">
            <StatCard title="Today" value={totals(data.today.buckets)} />
            <StatCard title="Last 7 days" value={totals(data.week.buckets)} />
            <StatCard title="Last 30 days" value={totals(data.month.buckets)} />
          </div>
          <section className="card" aria-labelledby="chart-title">
            <h2 id="chart-title">Orders per day by status, last 30 days</h2>
            {data.perDay.buckets.length === 0 ? (
              <EmptyState title="No orders in the last 30 days">
                <p>The chart fills in as orders are created.</p>
              </EmptyState>
            ) : (
              <VolumeChart buckets={data.perDay.buckets} since={since} until={now} />
            )}
            <p className="hint">Days in your time zone, {variables.timeZone}.</p>
          </section>
        </>
      )}
      <LiveFeed onEvent={onEvent} />
    </section>
  );
}

function StatCard({ title, value }: { title: string; value: ReturnType<typeof totals> }) {
  const currencies = Object.entries(value.amounts).sort(([, a], [, b]) => b - a);
  return (
    <section className="card stat-card" aria-label={title}>
      <h2>{title}</h2>
      <p className="stat-value">
        {value.count.toLocaleString()} <span className="stat-unit">orders</span>
      </p>
      <ul className="stat-amounts">
        {currencies.length === 0 ? <li className="subtle">No volume</li> : null}
        {currencies.slice(0, 3).map(([currency, amount]) => (
          <li key={currency}>{formatMoney(amount, currency)}</li>
        ))}
      </ul>
      <p className="subtle">
        Conversion {value.conversion === null ? '—' : `${Math.round(value.conversion * 100)}%`}
      </p>
    </section>
  );
}

function VolumeChart({ buckets, since, until }: { buckets: DayStatusBucket[]; since: Date; until: Date }) {
  const { days, statuses } = volumePerDay(buckets, since, until);
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(
      new Date(`${day}T12:00:00`),
    );
  return (
    <figure className="chart" aria-label="Bar chart of orders per day, stacked by status">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="day"
            tickFormatter={dayLabel}
            tick={{ fontSize: 12 }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Legend formatter={(status) => humanize(String(status))} />
          {statuses.map((status) => (
            <Bar
              key={status}
              dataKey={status}
              stackId="status"
              fill={STATUS_COLOURS[status] ?? '#6366f1'}
              name={status}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {days
          .filter((d) => Object.keys(d).length > 1)
          .map(
            (d) =>
              `${d.day}: ${statuses.map((s) => `${Number(d[s]) || 0} ${humanize(s).toLowerCase()}`).join(', ')}`,
          )
          .join('; ')}
      </figcaption>
    </figure>
  );
}
