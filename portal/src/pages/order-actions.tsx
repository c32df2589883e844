import { useState } from 'react';
import type { OrderDetailQuery } from '../gql/graphql.ts';
import { graphql } from '../gql/index.ts';
import '../user-errors.ts';
import { currencyExponent, formatMoney, minorToMajorString, parseMajorAmount } from '../money.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Notice } from '../ui/states.tsx';
import { useConfirmedAction } from '../use-action.ts';

const RefundOrder = graphql(`
  mutation PortalRefundOrder($orderId: ID!, $amount: SafeInt!, $transactionId: ID) {
    refundOrder(orderId: $orderId, amount: $amount, transactionId: $transactionId) {
      refund {
        id
        amount
        currency
        status
      }
      order {
        id
        refundedAmount
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const CaptureTransaction = graphql(`
  mutation PortalCaptureTransaction($input: CaptureTransactionInput!) {
    captureTransaction(input: $input) {
      captureOrder {
        id
        amount
        currency
        status
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const VoidTransaction = graphql(`
  mutation PortalVoidTransaction($input: VoidTransactionInput!) {
    voidTransaction(input: $input) {
      voidOrder {
        id
        status
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const RedeliverWebhook = graphql(`
  mutation PortalRedeliverWebhook($orderId: ID!) {
    redeliverWebhook(orderId: $orderId) {
      delivery {
        id
        state
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

/** The order as the order page's query reads it (order-detail.tsx), which the actions are offered on. */
type DetailOrder = NonNullable<OrderDetailQuery['order']>;

/**
 * The writes of the order page, for developers and admins: each behind a confirmation, each answered by the
 * server. Which buttons show, and how much the refund dialog offers, come from the server's `availableActions`
 * and amounts (the rules the mutations themselves follow), never from a copy of the rules here.
 */
export function OrderActions({
  order,
  refundable,
  onDone,
}: {
  order: DetailOrder;
  refundable: number;
  onDone(): void;
}) {
  const can = (action: string) => order.availableActions.includes(action as never);
  const capturable = order.transactions.find((t) => t.availableActions.includes('CAPTURE'));
  const voidable = order.transactions.find((t) => t.availableActions.includes('VOID'));
  // A customer who paid twice (SEE_TRANSACTIONS) is refunded per payment: the dialog asks which one, and offers
  // what the server says is left of each (a payment refunded in full stays listed, not selectable).
  const targets =
    order.status === 'SEE_TRANSACTIONS'
      ? order.transactions
          .filter(
            (t) =>
              t.availableActions.includes('REFUND') || t.refundableAmount > 0 || isRefundedPayment(t, order),
          )
          .map((payment) => ({ payment, refundable: payment.refundableAmount }))
      : [];
  const [targetId, setTargetId] = useState<string | null>(null);
  const target = targets.find((t) => t.payment.id === targetId);
  const limit = targets.length > 0 ? (target?.refundable ?? 0) : refundable;
  const canRefund = can('REFUND');
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const refund = useConfirmedAction(RefundOrder, (d) => d.refundOrder);
  const capture = useConfirmedAction(CaptureTransaction, (d) => d.captureTransaction);
  const voidAction = useConfirmedAction(VoidTransaction, (d) => d.voidTransaction);
  const redeliver = useConfirmedAction(RedeliverWebhook, (d) => d.redeliverWebhook);
  const exponent = currencyExponent(order.currency);
  const parsed = parseMajorAmount(amountText, order.currency);

  const results = [
    refund.result &&
      (refund.result.ok ? (
        <Notice key="r" tone="success">
          Refunded {formatMoney(refund.result.data.refundOrder.refund!.amount, order.currency)} (refund{' '}
          {refund.result.data.refundOrder.refund!.status.toLowerCase()}). Refunded in all:{' '}
          {formatMoney(refund.result.data.refundOrder.order!.refundedAmount, order.currency)}.
        </Notice>
      ) : (
        <Notice key="r" tone="error">
          Refund refused: {refund.result.message}
        </Notice>
      )),
    capture.result &&
      (capture.result.ok ? (
        <Notice key="c" tone="success">
          Captured {formatMoney(capture.result.data.captureTransaction.captureOrder!.amount, order.currency)}.
        </Notice>
      ) : (
        <Notice key="c" tone="error">
          Capture refused: {capture.result.message}
        </Notice>
      )),
    voidAction.result &&
      (voidAction.result.ok ? (
        <Notice key="v" tone="success">
          Authorization released.
        </Notice>
      ) : (
        <Notice key="v" tone="error">
          Void refused: {voidAction.result.message}
        </Notice>
      )),
    redeliver.result &&
      (redeliver.result.ok ? (
        <Notice key="w" tone="success">
          Webhook queued again.
        </Notice>
      ) : (
        <Notice key="w" tone="error">
          Redelivery refused: {redeliver.result.message}
        </Notice>
      )),
  ].filter(Boolean);

  return (
    <div className="actions">
      <div className="action-buttons">
        {canRefund ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              const first = targets.find((t) => t.refundable > 0);
              setTargetId(first?.payment.id ?? null);
              setAmountText(minorToMajorString(first?.refundable ?? refundable, exponent));
              setAmountError(null);
              refund.begin();
            }}
          >
            Refund
          </button>
        ) : null}
        {capturable ? (
          <button type="button" className="button button-primary" onClick={capture.begin}>
            Capture
          </button>
        ) : null}
        {voidable ? (
          <button type="button" className="button" onClick={voidAction.begin}>
            Void
          </button>
        ) : null}
        <button type="button" className="button" onClick={redeliver.begin}>
          Resend webhook
        </button>
      </div>
      <div className="action-results">{results}</div>

      <ConfirmDialog
        open={refund.open}
        title="Refund this order"
        confirmLabel="Refund"
        busy={refund.busy}
        onCancel={refund.cancel}
        onConfirm={async () => {
          if (!parsed.ok) return setAmountError(parsed.message);
          const outcome = await refund.confirm({
            orderId: order.id,
            amount: parsed.minor,
            transactionId: target?.payment.id ?? null,
          });
          if (outcome.ok) onDone();
        }}
      >
        {targets.length > 0 ? (
          <fieldset className="field">
            <legend>The customer paid more than once. Payment to refund</legend>
            {targets.map(({ payment, refundable: left }) => (
              <label key={payment.id} className="radio">
                <input
                  type="radio"
                  name="refund-payment"
                  value={payment.id}
                  checked={payment.id === targetId}
                  disabled={left === 0}
                  onChange={() => {
                    setTargetId(payment.id);
                    setAmountText(minorToMajorString(left, exponent));
                    setAmountError(null);
                  }}
                />{' '}
                {paymentLabel(payment)}, {formatMoney(payment.amount, order.currency)}:{' '}
                {formatMoney(left, order.currency)} refundable
              </label>
            ))}
          </fieldset>
        ) : null}
        <p>
          Up to <strong>{formatMoney(limit, order.currency)}</strong> can be refunded. The money goes back to
          the customer's card.
        </p>
        <label className="field">
          <span>Amount in {order.currency}</span>
          <input
            name="refund-amount"
            inputMode="decimal"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setAmountError(null);
            }}
            aria-invalid={amountError ? true : undefined}
            aria-describedby="refund-amount-help"
            autoComplete="off"
          />
        </label>
        <p id="refund-amount-help" className={amountError ? 'form-error' : 'hint'}>
          {amountError ??
            (parsed.ok ? `Refunds ${formatMoney(parsed.minor, order.currency)}` : parsed.message)}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={capture.open}
        title="Capture the authorization"
        confirmLabel="Capture"
        busy={capture.busy}
        onCancel={capture.cancel}
        onConfirm={async () => {
          const outcome = await capture.confirm({
            input: { orderId: order.id, transactionId: capturable!.id },
          });
          if (outcome.ok) onDone();
        }}
      >
        <p>
          Captures what is still authorized,{' '}
          {capturable ? formatMoney(capturable.capturableAmount, order.currency) : ''}, and ends the
          authorization.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={voidAction.open}
        title="Void the authorization"
        confirmLabel="Void"
        danger
        busy={voidAction.busy}
        onCancel={voidAction.cancel}
        onConfirm={async () => {
          const outcome = await voidAction.confirm({
            input: { orderId: order.id, transactionId: voidable!.id },
          });
          if (outcome.ok) onDone();
        }}
      >
        <p>
          Releases what is still authorized,{' '}
          {voidable ? formatMoney(voidable.capturableAmount, order.currency) : ''}, to the customer. It can no
          longer be captured.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={redeliver.open}
        title="Resend the latest webhook"
        confirmLabel="Resend"
        busy={redeliver.busy}
        onCancel={redeliver.cancel}
        onConfirm={async () => {
          const outcome = await redeliver.confirm({ orderId: order.id });
          if (outcome.ok) onDone();
        }}
      >
        <p>Sends this order's latest status notification again, as a new delivery.</p>
      </ConfirmDialog>
    </div>
  );
}

type Payment = DetailOrder['transactions'][number];

/** A payment that refunds gave back in full (its refund transactions name it). */
function isRefundedPayment(payment: Payment, order: DetailOrder): boolean {
  return order.refunds.some((refund) =>
    refund.transactions.some((t) => t.refundOfTransactionId === payment.id),
  );
}

/** How a person tells two payments apart: the card's last digits, else the transaction id's start. */
function paymentLabel(payment: Payment): string {
  const pan = payment.paymentMethodDetails?.truncatedPan;
  return pan ? `Card ending ${pan.slice(-4)}` : `Payment ${payment.id.slice(0, 8)}`;
}
