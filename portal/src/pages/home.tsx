import { useEffect, useMemo, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSubscription } from 'urql';
import { Link } from 'wouter';
import { formatRelative } from '../dates.ts';
import { graphql } from '../gql/index.ts';
import { formatMoney } from '../money.ts';
import { type StatOrder, startOfDay, totals, volumePerDay } from '../stats.ts';
import { humanize, StatusBadge } from '../ui/badges.tsx';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';
import { useRecentOrders } from '../use-recent-orders.ts';

const LiveChanges = graphql(`
  subscription HomeLiveChanges {
    orderStatusChanged {
      id
      merchantOrderId
      amount
      currency
      status
      modified
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

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function HomePage() {
  const now = useMemo(() => new Date(), []);
  const since = startOfDay(now, 29);
  // The query language's days are UTC days; a day of margin, then the exact local cut-off below.
  const query = `created:[${isoDay(new Date(since.getTime() - 86_400_000))} TO ${isoDay(new Date(now.getTime() + 86_400_000))}]`;
  const recent = useRecentOrders(query);
  const orders = recent.orders ?? [];
  const [feed, setFeed] = useState<FeedItem[]>([]);
  // Totals follow the live changes: each burst of changes reloads them once.
  const pendingReload = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pendingReload.current), []);
  useSubscription({ query: LiveChanges }, (_previous, data) => {
    const o = data.orderStatusChanged;
    setFeed((items) => [{ key: `${o.id}-${o.status}-${o.modified}`, ...o }, ...items].slice(0, 12));
    window.clearTimeout(pendingReload.current);
    pendingReload.current = window.setTimeout(recent.reload, 500);
    return data;
  });

  return (
    <section className="page" aria-labelledby="home-title">
      <h1 id="home-title">Home</h1>
      {recent.error && !recent.orders ? (
        <ErrorState error={recent.error} retry={recent.reload} />
      ) : !recent.orders ? (
        <Loading label="Loading totals" />
      ) : (
        <>
          <div className="stat-grid">
            <StatCard title="Today" value={totals(orders, startOfDay(now, 0))} />
            <StatCard title="Last 7 days" value={totals(orders, startOfDay(now, 6))} />
            <StatCard title="Last 30 days" value={totals(orders, since)} />
          </div>
          <section className="card" aria-labelledby="chart-title">
            <h2 id="chart-title">Orders per day by status, last 30 days</h2>
            {orders.length === 0 ? (
              <EmptyState title="No orders in the last 30 days">
                <p>The chart fills in as orders are created.</p>
              </EmptyState>
            ) : (
              <VolumeChart orders={orders} since={since} until={now} />
            )}
            {recent.totalCount > orders.length ? (
              <p className="hint">
                Counted from the latest {orders.length.toLocaleString()} of{' '}
                {recent.totalCount.toLocaleString()} orders.
              </p>
            ) : null}
          </section>
        </>
      )}
      <section className="card" aria-labelledby="feed-title">
        <h2 id="feed-title">Live feed</h2>
        {feed.length === 0 ? (
          <EmptyState title="Waiting for events">
            <p>Status changes of your orders appear here the moment they happen.</p>
          </EmptyState>
        ) : (
          <ol className="feed" aria-live="polite">
            {feed.map((item) => (
              <li key={item.key}>
                <StatusBadge status={item.status} />{' '}
                <Link href={`/orders/${item.id}`}>{item.merchantOrderId ?? item.id.slice(0, 8)}</Link>{' '}
                <span>{formatMoney(item.amount, item.currency)}</span>{' '}
                <span className="subtle">{formatRelative(item.modified)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

interface FeedItem {
  key: string;
  id: string;
  merchantOrderId?: string | null;
  amount: number;
  currency: string;
  status: string;
  modified: string;
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

function VolumeChart({ orders, since, until }: { orders: StatOrder[]; since: Date; until: Date }) {
  const { days, statuses } = volumePerDay(orders, since, until);
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
