import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { formatShortDateTime } from '../dates.ts';
import type { WebhookDeliveryStatus } from '../gql/graphql.ts';
import { graphql } from '../gql/index.ts';
import '../user-errors.ts';
import { useCan } from '../portal-context.tsx';
import { attemptOutcome } from '../ui/attempts-table.tsx';
import { StatusBadge } from '../ui/badges.tsx';
import { Card } from '../ui/card.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { CursorPager, useCursorStack } from '../ui/cursor-pager.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { EmptyState, ErrorState, Loading, Notice } from '../ui/states.tsx';
import { useConfirmedAction } from '../use-action.ts';

const Deliveries = graphql(`
  query PortalWebhookDeliveries($after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: 20, after: $after, filter: $filter) {
      edges {
        node {
          id
          orderId
          reason
          orderStatus
          status
          attemptCount
          maxAttempts
          created
          nextAttempt
          attempts {
            number
            httpStatus
            errorKind
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const RedeliverSelection = graphql(`
  mutation PortalRedeliverWebhooks($filter: WebhookDeliveryFilter!) {
    redeliverWebhooks(filter: $filter) {
      queued
      selected
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const STATUSES: { value: WebhookDeliveryStatus | ''; label: string }[] = [
  { value: '', label: 'Every status' },
  { value: 'GAVE_UP', label: 'Failed (gave up)' },
  { value: 'FAILING', label: 'Failing (retrying)' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'SUCCEEDED', label: 'Succeeded' },
];

const PERIODS = [
  { value: '', label: 'Any time', hours: 0 },
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 24 * 7 },
];

/**
 * Every webhook delivery of the project, newest first, narrowed by status and period; the deliveries the filter
 * selects can be sent again at once (`redeliverWebhooks`, one `Idempotency-Key` per confirmation).
 */
export function WebhookDeliveries() {
  const canReplay = useCan('developer');
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [period, setPeriod] = useState('');
  const pages = useCursorStack();
  const filter = useMemo(() => {
    const hours = PERIODS.find((p) => p.value === period)?.hours ?? 0;
    return {
      ...(status ? { state: status } : {}),
      ...(hours ? { since: new Date(Date.now() - hours * 3_600_000).toISOString() } : {}),
    };
  }, [status, period]);
  const [result, refetch] = useQuery({
    query: Deliveries,
    variables: { after: pages.after, filter },
    requestPolicy: 'cache-and-network',
  });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const replay = useConfirmedAction(RedeliverSelection, (d) => d.redeliverWebhooks);
  const selection = `${STATUSES.find((s) => s.value === status)?.label.toLowerCase()}, ${PERIODS.find((p) => p.value === period)?.label.toLowerCase()}`;
  const rows = result.data?.webhookDeliveries.edges.map((edge) => edge.node) ?? [];

  return (
    <Card title="Webhook deliveries">
      <p className="hint">
        Every notification sent to your servers, newest first, with its attempts. Send a selection again after
        an outage: each delivery goes out once more with the same <code>webhook-id</code>.
      </p>
      <div className="toolbar">
        <label className="field">
          <span>Status</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as WebhookDeliveryStatus | '');
              pages.reset();
            }}
          >
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Created</span>
          <select
            value={period}
            onChange={(event) => {
              setPeriod(event.target.value);
              pages.reset();
            }}
          >
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {canReplay ? (
          <button type="button" className="button" onClick={replay.begin} disabled={rows.length === 0}>
            Send these again
          </button>
        ) : null}
      </div>
      {replay.result ? (
        replay.result.ok ? (
          <Notice tone="success">
            Queued {replay.result.data.redeliverWebhooks.queued ?? 0} of{' '}
            {replay.result.data.redeliverWebhooks.selected ?? 0} selected deliveries.
          </Notice>
        ) : (
          <Notice tone="error">{replay.result.message}</Notice>
        )
      ) : null}
      {result.error && !result.data ? (
        <ErrorState error={result.error} retry={reload} />
      ) : !result.data ? (
        <Loading label="Loading deliveries" />
      ) : rows.length === 0 ? (
        <EmptyState
          title={status || period ? 'No delivery matches this filter' : 'No webhook deliveries yet'}
        >
          <p>Each status change of an order is notified to its webhook URL, or the project's.</p>
        </EmptyState>
      ) : (
        <>
          <ScrollRegion label="Webhook deliveries">
            <table className="table table-compact">
              <thead>
                <tr>
                  <th scope="col">Created</th>
                  <th scope="col">Order</th>
                  <th scope="col">Notified</th>
                  <th scope="col">Delivery</th>
                  <th scope="col" className="numeric">
                    Attempts
                  </th>
                  <th scope="col">Last answer</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => {
                  const last = d.attempts.at(-1);
                  return (
                    <tr key={d.id} data-delivery-id={d.id} data-order-id={d.orderId}>
                      <td>{formatShortDateTime(d.created)}</td>
                      <td className="mono">
                        <Link href={`/orders/${d.orderId}`}>{d.orderId.slice(0, 8)}…</Link>
                        {d.reason === 'REDELIVERY' ? <span className="subtle"> (again)</span> : null}
                      </td>
                      <td>
                        <StatusBadge status={d.orderStatus} />
                      </td>
                      <td>
                        <StatusBadge status={d.status} />
                      </td>
                      <td className="numeric">
                        {d.attemptCount} / {d.maxAttempts}
                      </td>
                      <td>
                        {!last
                          ? d.nextAttempt
                            ? `Due ${formatShortDateTime(d.nextAttempt)}`
                            : '—'
                          : attemptOutcome(last)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          <CursorPager
            stack={pages}
            hasNext={result.data.webhookDeliveries.pageInfo.hasNextPage}
            endCursor={result.data.webhookDeliveries.pageInfo.endCursor}
            summary={result.stale ? 'Updating…' : undefined}
          />
        </>
      )}

      <ConfirmDialog
        open={replay.open}
        title="Send the selected deliveries again"
        confirmLabel="Send again"
        busy={replay.busy}
        onCancel={replay.cancel}
        onConfirm={async () => {
          const outcome = await replay.confirm({ filter });
          if (outcome.ok) window.setTimeout(reload, 1_000);
        }}
      >
        <p>
          Every delivery this filter selects (<strong>{selection}</strong>; the newest 1,000 at most) is sent
          again as a new delivery of the same event. Events that already have a delivery pending are skipped.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
