import { useEffect, useRef, useState } from 'react';
import { useClient, useQuery, useSubscription } from 'urql';
import { Link } from 'wouter';
import { formatRelative } from '../dates.ts';
import type { FeedEventFragment } from '../gql/graphql.ts';
import { graphql } from '../gql/index.ts';
import { formatMoney } from '../money.ts';
import { paymentMethodLabel, StatusBadge } from '../ui/badges.tsx';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';

export const FeedEventFields = graphql(`
  fragment FeedEvent on Event {
    id
    cursor
    type
    occurred
    orderId
    snapshot {
      orderStatus
      transactionStatus
      paymentMethod
      amount
      currency
      refundedAmount
      attemptCount
      httpStatus
      errorKind
    }
  }
`);

const LatestEvents = graphql(`
  query HomeLatestEvents {
    events(last: 20) {
      edges {
        node {
          ...FeedEvent
        }
      }
      pageInfo {
        endCursor
      }
    }
  }
`);

/** Continues the feed after the last event the page has: the server replays what came meanwhile, then goes live. */
const NewEvents = graphql(`
  subscription HomeNewEvents($afterEvent: String) {
    events(afterEvent: $afterEvent) {
      ...FeedEvent
    }
  }
`);

const MerchantOrderIds = graphql(`
  query HomeFeedOrders($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Order {
        id
        merchantOrderId
      }
    }
  }
`);

const SHOWN = 20;

/**
 * The latest events of the project (the `events` query, newest first) and then every new one as it happens (the
 * `events` subscription from the query's last cursor: no gap between the two, and after a dropped connection the
 * client resumes from the last event it handled).
 */
export function LiveFeed({ onEvent }: { onEvent?: () => void }) {
  const [latest, refetch] = useQuery({ query: LatestEvents, requestPolicy: 'network-only' });
  const [events, setEvents] = useState<FeedEventFragment[] | null>(null);
  /** Where the subscription starts: fixed once, from the first answer (the client keeps it moving afterwards). */
  const [start, setStart] = useState<{ cursor: string | null } | null>(null);
  useEffect(() => {
    if (!latest.data || start) return;
    setEvents(latest.data.events.edges.map((edge) => edge.node).reverse());
    setStart({ cursor: latest.data.events.pageInfo.endCursor ?? null });
  }, [latest.data, start]);
  useSubscription(
    { query: NewEvents, variables: { afterEvent: start?.cursor ?? null }, pause: !start },
    (_previous, data) => {
      const event = data.events;
      setEvents((current) => [event, ...(current ?? []).filter((e) => e.id !== event.id)].slice(0, SHOWN));
      onEvent?.();
      return data;
    },
  );
  const names = useMerchantOrderIds(events ?? []);

  return (
    <section className="card" aria-labelledby="feed-title">
      <h2 id="feed-title">Live feed</h2>
      {latest.error && !events ? (
        <ErrorState error={latest.error} retry={() => refetch({ requestPolicy: 'network-only' })} />
      ) : !events ? (
        <Loading label="Loading the latest events" />
      ) : events.length === 0 ? (
        <EmptyState title="Waiting for events">
          <p>New orders, status changes, refunds and webhook problems appear here the moment they happen.</p>
        </EmptyState>
      ) : (
        <ol className="feed" aria-live="polite">
          {events.map((event) => (
            <li key={event.id} data-event-type={event.type}>
              <Link href={`/orders/${event.orderId}`} className="mono">
                {names[event.orderId] ?? `${event.orderId.slice(0, 8)}…`}
              </Link>{' '}
              <FeedLine event={event} /> <span className="subtle">{formatRelative(event.occurred)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FeedLine({ event }: { event: FeedEventFragment }) {
  const s = event.snapshot;
  const amount = s.amount != null && s.currency ? formatMoney(s.amount, s.currency) : null;
  switch (event.type) {
    case 'ORDER_CREATED':
      return (
        <>
          <span>New order</span> {amount}
        </>
      );
    case 'ORDER_STATUS_CHANGED':
      return (
        <>
          <span>Order</span> {s.orderStatus ? <StatusBadge status={s.orderStatus} /> : null} {amount}
        </>
      );
    case 'TRANSACTION_STATUS_CHANGED':
      return (
        <>
          <span>{paymentMethodLabel(s.paymentMethod)} transaction</span>{' '}
          {s.transactionStatus ? <StatusBadge status={s.transactionStatus} /> : null} {amount}
        </>
      );
    case 'ORDER_REFUNDED':
      return <span>Refunded {amount}</span>;
    case 'ORDER_CAPTURED':
      return <span>Captured {amount}</span>;
    case 'ORDER_VOIDED':
      return <span>Voided {amount}</span>;
    case 'ORDER_CHARGED_BACK':
      return <span>Charged back {amount}</span>;
    case 'ORDER_CHARGEBACK_REVERSED':
      return <span>Chargeback reversed {amount}</span>;
    case 'WEBHOOK_GAVE_UP':
      return (
        <span className="form-error">
          Webhook gave up after {s.attemptCount} attempts{s.httpStatus ? ` (HTTP ${s.httpStatus})` : ''}
        </span>
      );
  }
}

/** The merchant's own order ids of the orders in the feed, read once per order with `nodes`. */
function useMerchantOrderIds(events: FeedEventFragment[]): Record<string, string> {
  const client = useClient();
  const [names, setNames] = useState<Record<string, string>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const ids = [...new Set(events.map((e) => e.orderId))].filter((id) => !asked.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) asked.current.add(id);
    void client
      .query(MerchantOrderIds, { ids }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((answer) => {
        const found: Record<string, string> = {};
        for (const node of answer.data?.nodes ?? []) {
          if (node && 'merchantOrderId' in node && node.merchantOrderId)
            found[node.id] = node.merchantOrderId;
        }
        setNames((current) => ({ ...current, ...found }));
      });
  }, [client, events]);
  return names;
}
