import { useEffect } from 'react';
import { useQuery, useSubscription } from 'urql';
import { Link } from 'wouter';
import { formatCardExpiry, formatDateTime, formatDuration } from '../dates.ts';
import { graphql } from '../gql/index.ts';
import { formatMoney } from '../money.ts';
import { useCan } from '../portal-context.tsx';
import { AttemptsTable } from '../ui/attempts-table.tsx';
import { humanize, paymentMethodLabel, StatusBadge } from '../ui/badges.tsx';
import { Card, Fields } from '../ui/card.tsx';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';
import { OrderActions } from './order-actions.tsx';

const OrderDetail = graphql(`
  query OrderDetail($id: ID!) {
    order(id: $id) {
      id
      projectId
      merchantId
      merchantOrderId
      description
      currency
      amount
      status
      flags
      created
      modified
      completed
      expirationPeriod
      paymentMethods
      orderUrl
      returnUrl
      failureUrl
      webhookUrl
      refundedAmount
      availableActions
      authorizedAmount
      capturedAmount
      refundableAmount
      pendingRefundAmount
      voidedAmount
      chargedBackAmount
      relatedOrderId
      relatedOrderIds
      customer {
        merchantCustomerId
        emailAddress
        firstName
        lastName
        addressType
        address
        postalCode
        city
        country
        locale
        phoneNumbers
        ipAddress
      }
      client
      extra
      transactions {
        id
        amount
        currency
        status
        paymentMethod
        paymentMethodBrand
        creditDebit
        isCapturable
        availableActions
        refundableAmount
        capturableAmount
        reason
        created
        refundOfTransactionId
        captureOfTransactionId
        voidOfTransactionId
        paymentMethodDetails {
          truncatedPan
          cardExpiry
          cardholderName
          oneClickType
        }
        outcomes {
          processing {
            status
            responseCode
            responseCodeDescription
          }
        }
        events {
          id
          event
          occurred
          source
        }
      }
      refunds {
        id
        amount
        currency
        status
        created
        merchantOrderId
        transactions {
          id
          refundOfTransactionId
        }
      }
      webhookDeliveries {
        id
        reason
        orderStatus
        state
        attemptCount
        maxAttempts
        created
        nextAttempt
        completed
        attempts {
          number
          started
          url
          httpStatus
          errorKind
          errorMessage
          durationMs
          signed
        }
      }
    }
  }
`);

const OrderChanged = graphql(`
  subscription OrderDetailChanged($orderId: ID) {
    orderStatusChanged(orderId: $orderId) {
      id
      status
    }
  }
`);

export function OrderDetailPage({ id }: { id: string }) {
  const [result, refetch] = useQuery({ query: OrderDetail, variables: { id } });
  const canWrite = useCan('developer');
  const reload = () => refetch({ requestPolicy: 'network-only' });
  useSubscription({ query: OrderChanged, variables: { orderId: id } }, (_previous, data) => {
    reload();
    return data;
  });

  // Webhook attempts are no status change: while a delivery is about to be attempted, look again shortly.
  const awaitingAttempt = result.data?.order?.webhookDeliveries.some(
    (d) =>
      d.state === 'PENDING' &&
      (d.attemptCount === 0 || Date.parse(d.nextAttempt ?? '') - Date.now() < 30_000),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed by each new answer
  useEffect(() => {
    if (!awaitingAttempt) return;
    const timer = window.setTimeout(reload, 2_000);
    return () => window.clearTimeout(timer);
  }, [awaitingAttempt, result.data]);

  if (result.error && !result.data) return <ErrorState error={result.error} retry={reload} />;
  if (!result.data) return <Loading label="Loading the order" />;
  const order = result.data.order;
  if (!order) {
    return (
      <section className="page">
        <h1>Order not found</h1>
        <EmptyState title="There is no order with this id in this project.">
          <Link href="/orders">Back to orders</Link>
        </EmptyState>
      </section>
    );
  }
  // What the server says can still be refunded: the same rule `refundOrder` follows.
  const refundable = order.refundableAmount;
  return (
    <section className="page" aria-labelledby="order-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/orders">Orders</Link> <span aria-hidden="true">/</span>{' '}
        <span>{order.merchantOrderId ?? order.id}</span>
      </nav>
      <div className="page-header">
        <div>
          <h1 id="order-title">
            <span className="amount-large">{formatMoney(order.amount, order.currency)}</span>{' '}
            <StatusBadge status={order.status} />
          </h1>
          <p className="mono subtle">{order.id}</p>
        </div>
        {canWrite ? <OrderActions order={order} refundable={refundable} onDone={reload} /> : null}
      </div>

      <div className="grid-2">
        <Card title="Order">
          <Fields
            rows={[
              ['Merchant order id', order.merchantOrderId],
              ['Description', order.description],
              ['Amount', formatMoney(order.amount, order.currency)],
              [
                'Refunded',
                <span key="r" data-testid="refunded-amount">
                  {formatMoney(order.refundedAmount, order.currency)}
                </span>,
              ],
              ['Refundable', formatMoney(refundable, order.currency)],
              [
                'Refunds pending',
                order.pendingRefundAmount ? formatMoney(order.pendingRefundAmount, order.currency) : null,
              ],
              [
                'Captured',
                order.capturedAmount !== order.authorizedAmount
                  ? formatMoney(order.capturedAmount, order.currency)
                  : null,
              ],
              ['Voided', order.voidedAmount ? formatMoney(order.voidedAmount, order.currency) : null],
              [
                'Charged back',
                order.chargedBackAmount ? formatMoney(order.chargedBackAmount, order.currency) : null,
              ],
              ['Flags', order.flags.length ? order.flags.join(', ') : null],
              ['Created', formatDateTime(order.created)],
              ['Modified', formatDateTime(order.modified)],
              ['Completed', order.completed ? formatDateTime(order.completed) : null],
              ['Expires after', formatDuration(order.expirationPeriod)],
              [
                'Offered methods',
                order.paymentMethods?.map(paymentMethodLabel).join(', ') ?? 'All active methods',
              ],
              [
                'Project',
                <span key="p" className="mono">
                  {order.projectId}
                </span>,
              ],
              [
                'Merchant',
                <span key="m" className="mono">
                  {order.merchantId}
                </span>,
              ],
            ]}
          />
        </Card>
        <Card title="Customer and URLs">
          <Fields
            rows={[
              [
                'Customer',
                [order.customer?.firstName, order.customer?.lastName].filter(Boolean).join(' ') || null,
              ],
              ['E-mail', order.customer?.emailAddress],
              ['Customer id', order.customer?.merchantCustomerId],
              [
                order.customer?.addressType === 'shipping' ? 'Shipping address' : 'Address',
                [order.customer?.address, order.customer?.postalCode, order.customer?.city]
                  .filter(Boolean)
                  .join(', ') || null,
              ],
              ['Country', order.customer?.country],
              ['Locale', order.customer?.locale],
              ['Phone', order.customer?.phoneNumbers?.join(', ')],
              ['IP address', order.customer?.ipAddress],
              ['Payment page', order.orderUrl],
              ['Return URL', order.returnUrl],
              ['Failure URL', order.failureUrl],
              ['Webhook URL', order.webhookUrl ?? 'The project’s'],
              ['Extra', order.extra ? <code key="x">{JSON.stringify(order.extra)}</code> : null],
              ['Client', order.client ? <code key="c">{JSON.stringify(order.client)}</code> : null],
            ]}
          />
        </Card>
      </div>

      <Card title="Transactions">
        {order.transactions.length === 0 ? (
          <EmptyState title="No payment attempt yet">
            <p>The customer has not picked a payment method on the payment page.</p>
          </EmptyState>
        ) : (
          order.transactions.map((t) => (
            <article key={t.id} className="transaction">
              <header className="transaction-header">
                <h3>
                  {paymentMethodLabel(t.paymentMethod)} · {formatMoney(t.amount, t.currency)}
                </h3>
                <StatusBadge status={t.status} />
              </header>
              <Fields
                rows={[
                  [
                    'Transaction',
                    <span key="t" className="mono">
                      {t.id}
                    </span>,
                  ],
                  [
                    'Card',
                    [t.paymentMethodBrand, t.paymentMethodDetails.truncatedPan].filter(Boolean).join(' ') ||
                      null,
                  ],
                  ['Expiry', formatCardExpiry(t.paymentMethodDetails.cardExpiry)],
                  ['Cardholder', t.paymentMethodDetails.cardholderName],
                  [
                    'Outcome',
                    t.outcomes?.processing
                      ? `${t.outcomes.processing.responseCode} ${t.outcomes.processing.responseCodeDescription ?? ''}`
                      : null,
                  ],
                  ['Reason', t.reason && t.reason !== 'none' ? t.reason : null],
                  ['Capturable', t.isCapturable ? 'Yes: authorized, not captured' : null],
                ]}
              />
              <ol className="timeline" aria-label={`Events of transaction ${t.id}`}>
                {t.events.map((e) => (
                  <li key={e.id}>
                    <span className="timeline-event">{humanize(e.event.toUpperCase())}</span>
                    <time dateTime={e.occurred}>{formatDateTime(e.occurred)}</time>
                    <span className="subtle">{e.source}</span>
                  </li>
                ))}
              </ol>
            </article>
          ))
        )}
      </Card>

      <div className="grid-2">
        <Card title="Refunds">
          {order.refunds.length === 0 ? (
            <EmptyState title="No refunds" />
          ) : (
            <ul className="list">
              {order.refunds.map((r) => (
                <li key={r.id}>
                  <Link href={`/orders/${r.id}`}>{formatMoney(r.amount, r.currency)}</Link>{' '}
                  <StatusBadge status={r.status} />{' '}
                  <span className="subtle">{formatDateTime(r.created)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="hint">
            Remaining refundable:{' '}
            <strong data-testid="refundable-amount">{formatMoney(refundable, order.currency)}</strong>
          </p>
        </Card>
        <Card title="Related orders">
          {order.relatedOrderId || order.relatedOrderIds.length > 0 ? (
            <ul className="list">
              {order.relatedOrderId ? (
                <li>
                  Original: <Link href={`/orders/${order.relatedOrderId}`}>{order.relatedOrderId}</Link>
                </li>
              ) : null}
              {order.relatedOrderIds.map((related) => (
                <li key={related}>
                  <Link href={`/orders/${related}`} className="mono">
                    {related}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No related orders" />
          )}
        </Card>
      </div>

      <Card title="Webhook deliveries">
        {order.webhookDeliveries.length === 0 ? (
          <EmptyState title="No webhook sent yet" />
        ) : (
          order.webhookDeliveries.map((d) => (
            <article key={d.id} className="delivery">
              <header className="transaction-header">
                <h3>
                  {humanize(d.reason)} · order {humanize(d.orderStatus).toLowerCase()}
                </h3>
                <StatusBadge status={d.state} />
              </header>
              <p className="subtle">
                {d.attemptCount} of {d.maxAttempts} attempts · queued {formatDateTime(d.created)}
                {d.nextAttempt ? ` · next ${formatDateTime(d.nextAttempt)}` : ''}
              </p>
              <AttemptsTable attempts={d.attempts} />
            </article>
          ))
        )}
      </Card>
    </section>
  );
}
