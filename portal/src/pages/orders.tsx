import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useQuery, useSubscription } from 'urql';
import { Link, useSearch } from 'wouter';
import { csvHeader, csvRows } from '../csv.ts';
import { formatShortDateTime } from '../dates.ts';
import type { OrderRowFragment, OrderSortDirection, OrderSortField } from '../gql/graphql.ts';
import { graphql } from '../gql/index.ts';
import { currencyExponent, formatMoney, minorToMajorString } from '../money.ts';
import { queryErrorPosition } from '../query-error.ts';
import { paymentMethodLabel, StatusBadge } from '../ui/badges.tsx';
import { CursorPager, useCursorStack } from '../ui/cursor-pager.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { EmptyState, ErrorState, errorMessage, Loading } from '../ui/states.tsx';
import { useFeedPosition } from '../use-feed-position.ts';

const OrdersQuery = graphql(`
  query PortalOrders($query: String, $sort: OrderSort, $first: Int, $after: String) {
    orders(query: $query, sort: $sort, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...OrderRow
        }
      }
    }
  }
`);

/** From the feed position the page started at; the client moves `afterEvent` on with every change it handles. */
const OrderChanges = graphql(`
  subscription PortalOrderChanges($afterEvent: String) {
    orderStatusChanged(afterEvent: $afterEvent) {
      ...OrderRow
      event {
        cursor
      }
    }
  }
`);

/** Every order created after the same feed position: a new order is not a status change. */
const NewOrders = graphql(`
  subscription PortalNewOrders($afterEvent: String) {
    orderCreated(afterEvent: $afterEvent) {
      id
      event {
        cursor
      }
    }
  }
`);

const ExportQuery = graphql(`
  query PortalOrdersExport($query: String, $sort: OrderSort, $after: String) {
    orders(query: $query, sort: $sort, first: 100, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          merchantOrderId
          created
          completed
          currency
          amount
          status
          merchantId
          projectId
          customer {
            merchantCustomerId
          }
          transactions {
            id
            status
            paymentMethod
            paymentMethodBrand
            amount
            currency
            refundOfTransactionId
            paymentMethodDetails {
              truncatedPan
            }
          }
        }
      }
    }
  }
`);

const PAGE_SIZE = 20;
const SORTS: { value: string; label: string; field: OrderSortField; direction: OrderSortDirection }[] = [
  { value: 'created-desc', label: 'Newest first', field: 'CREATED', direction: 'DESC' },
  { value: 'created-asc', label: 'Oldest first', field: 'CREATED', direction: 'ASC' },
  { value: 'amount-desc', label: 'Largest amount', field: 'AMOUNT', direction: 'DESC' },
  { value: 'amount-asc', label: 'Smallest amount', field: 'AMOUNT', direction: 'ASC' },
  { value: 'modified-desc', label: 'Recently changed', field: 'MODIFIED', direction: 'DESC' },
];

export function OrdersPage() {
  const params = new URLSearchParams(useSearch());
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [draft, setDraft] = useState(query);
  const [sortValue, setSortValue] = useState('created-desc');
  /** Cursors of the pages before this one: "Previous" pops, so paging back needs no backward cursor. */
  const pages = useCursorStack();
  const after = pages.after;
  const sort = SORTS.find((s) => s.value === sortValue)!;
  const variables = useMemo(
    () => ({
      query: query.trim() === '' ? null : query,
      sort: { field: sort.field, direction: sort.direction },
      first: PAGE_SIZE,
      after,
    }),
    [query, sort, after],
  );
  const [result, refetch] = useQuery({ query: OrdersQuery, variables, requestPolicy: 'cache-and-network' });
  const [live, setLive] = useState<Record<string, OrderRowFragment>>({});
  const onFirstPage = pages.first;
  const firstPage = useRef(onFirstPage);
  firstPage.current = onFirstPage;

  // A new order, or one this page does not show that changed (it may now match): refetching asks the server,
  // which evaluates the query and the sort. A dropped connection needs nothing here: the subscription resumes
  // after the last event it handled, and the server replays every change made meanwhile.
  const pendingRefetch = useRef<number | undefined>(undefined);
  const catchUp = useCallback(() => {
    window.clearTimeout(pendingRefetch.current);
    pendingRefetch.current = window.setTimeout(() => refetch({ requestPolicy: 'network-only' }), 150);
  }, [refetch]);
  useEffect(() => () => window.clearTimeout(pendingRefetch.current), []);

  const rows = result.data?.orders.edges.map((edge) => live[edge.node.id] ?? edge.node) ?? [];
  const shown = useRef(new Set<string>());
  shown.current = new Set(rows.map((row) => row.id));
  const position = useFeedPosition();
  useSubscription(
    { query: OrderChanges, variables: { afterEvent: position?.cursor ?? null }, pause: !position },
    (_previous, data) => {
      const order = data.orderStatusChanged;
      if (shown.current.has(order.id)) setLive((current) => ({ ...current, [order.id]: order }));
      else if (firstPage.current) catchUp();
      return data;
    },
  );
  useSubscription(
    { query: NewOrders, variables: { afterEvent: position?.cursor ?? null }, pause: !position },
    (_previous, data) => {
      if (firstPage.current && !shown.current.has(data.orderCreated.id)) catchUp();
      return data;
    },
  );
  // A fresh answer from the server replaces what the subscription patched in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when new data arrives
  useEffect(() => setLive({}), [result.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft);
    pages.reset();
    const url = new URL(location.href);
    if (draft.trim()) url.searchParams.set('q', draft);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url);
  };

  const queryError = result.error?.graphQLErrors.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
  const errorAt = queryError ? queryErrorPosition(queryError.message) : null;

  return (
    <section className="page" aria-labelledby="orders-title">
      <div className="page-header">
        <h1 id="orders-title">Orders</h1>
        <ExportButton query={variables.query} sort={variables.sort} disabled={Boolean(queryError)} />
      </div>
      <search>
        <form className="toolbar" onSubmit={submit}>
          <label className="field field-grow">
            <span>Search</span>
            <input
              name="q"
              type="search"
              value={draft}
              placeholder="status:completed AND amount:[1000 TO 5000]"
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={queryError ? true : undefined}
              aria-describedby={queryError ? 'query-error' : 'query-help'}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <label className="field">
            <span>Sort</span>
            <select
              value={sortValue}
              onChange={(event) => {
                setSortValue(event.target.value);
                pages.reset();
              }}
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-primary">
            Search
          </button>
        </form>
      </search>
      <p id="query-help" className="hint">
        Fields: <code>status</code>, <code>merchant_order_id</code>, <code>amount</code> (minor units),{' '}
        <code>currency</code>, <code>created</code> (<code>YYYY-MM-DD</code>), <code>transactions.*</code>,{' '}
        <code>customer.*</code>; <code>AND</code>, <code>OR</code>, <code>NOT</code>, ranges{' '}
        <code>[a TO b]</code>.
      </p>
      {queryError ? (
        <div id="query-error" className="query-error" role="alert">
          <p>{queryError.message}</p>
          {errorAt !== null ? (
            <>
              <p className="visually-hidden">The problem is at character {errorAt + 1} of the query:</p>
              <QueryPointer query={query} position={errorAt} />
            </>
          ) : null}
        </div>
      ) : null}
      {queryError ? null : result.error && !result.data ? (
        <ErrorState error={result.error} retry={() => refetch({ requestPolicy: 'network-only' })} />
      ) : !result.data ? (
        <Loading label="Loading orders" />
      ) : rows.length === 0 ? (
        <EmptyState title={query ? 'No orders match this search' : 'No orders yet'}>
          {query ? (
            <p>Try a broader query, or clear the search box.</p>
          ) : (
            <p>
              Orders created through the API appear here as they happen. Create one with{' '}
              <code>POST /v1/orders/</code>.
            </p>
          )}
        </EmptyState>
      ) : (
        <>
          <OrdersTable rows={rows} />
          <CursorPager
            stack={pages}
            hasNext={result.data.orders.pageInfo.hasNextPage}
            endCursor={result.data.orders.pageInfo.endCursor}
            summary={`${result.data.orders.totalCount.toLocaleString()} order${result.data.orders.totalCount === 1 ? '' : 's'}${result.stale ? ' · updating…' : ''}`}
          />
        </>
      )}
    </section>
  );
}

function QueryPointer({ query, position }: { query: string; position: number }) {
  return (
    <pre className="query-pointer">
      {query.slice(0, position)}
      <mark>{query.slice(position, position + 1) || ' '}</mark>
      {query.slice(position + 1)}
      {'\n'}
      {' '.repeat(position)}^
    </pre>
  );
}

function OrdersTable({ rows }: { rows: OrderRowFragment[] }) {
  return (
    <ScrollRegion label="Orders">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Merchant order id</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Payment method</th>
            <th scope="col">Card</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => {
            const transaction = order.transactions[order.transactions.length - 1];
            return (
              <tr key={order.id} data-order-id={order.id}>
                <td>
                  <Link href={`/orders/${order.id}`} className="row-link">
                    {formatShortDateTime(order.created)}
                  </Link>
                </td>
                <td className="mono">{order.merchantOrderId ?? '—'}</td>
                <td className="numeric">{formatMoney(order.amount, order.currency)}</td>
                <td>
                  <StatusBadge status={order.status} />
                </td>
                <td>{paymentMethodLabel(transaction?.paymentMethod)}</td>
                <td className="mono">
                  {transaction?.paymentMethodBrand ? `${transaction.paymentMethodBrand} ` : ''}
                  {transaction?.paymentMethodDetails.truncatedPan ??
                    (transaction?.paymentMethodBrand ? '' : '—')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Downloads the CSV report of the current query, every page of it, built from the `orders` connection. */
function ExportButton({
  query,
  sort,
  disabled,
}: {
  query: string | null;
  sort: { field: OrderSortField; direction: OrderSortDirection };
  disabled: boolean;
}) {
  const client = useClient();
  const [state, setState] = useState<{ busy: boolean; rows?: number; error?: string }>({ busy: false });
  const exportCsv = async () => {
    setState({ busy: true, rows: 0 });
    const parts = [csvHeader()];
    let after: string | null = null;
    let count = 0;
    try {
      for (;;) {
        const page = await client
          .query(ExportQuery, { query, sort, after }, { requestPolicy: 'network-only' })
          .toPromise();
        if (page.error || !page.data) throw new Error(page.error ? errorMessage(page.error) : 'No answer');
        for (const edge of page.data.orders.edges) {
          parts.push(
            csvRows(edge.node, (minor, currency) => minorToMajorString(minor, currencyExponent(currency))),
          );
        }
        count += page.data.orders.edges.length;
        setState({ busy: true, rows: count });
        if (!page.data.orders.pageInfo.hasNextPage) break;
        after = page.data.orders.pageInfo.endCursor ?? null;
      }
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `orders-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ busy: false, rows: count });
    } catch (error) {
      setState({ busy: false, error: (error as Error).message });
    }
  };
  return (
    <div className="export">
      <button
        type="button"
        className="button"
        disabled={disabled || state.busy}
        onClick={() => void exportCsv()}
      >
        {state.busy ? `Exporting… ${state.rows ?? 0}` : 'Export CSV'}
      </button>
      <span className="visually-hidden" role="status">
        {state.busy ? 'Exporting' : state.error ? `Export failed: ${state.error}` : ''}
      </span>
      {state.error ? <span className="form-error">{state.error}</span> : null}
    </div>
  );
}
