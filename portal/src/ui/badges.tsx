/** Status badges: colour plus the word, so the status never depends on colour alone. */

const TONE: Record<string, string> = {
  COMPLETED: 'good',
  ACCEPTED: 'good',
  CAPTURED: 'good',
  SUCCEEDED: 'good',
  DELIVERED: 'good',
  REFUSED: 'bad',
  NEW: 'neutral',
  PENDING: 'warn',
  PROCESSING: 'warn',
  FAILING: 'warn',
  SEE_TRANSACTIONS: 'warn',
  CANCELLED: 'muted',
  EXPIRED: 'muted',
  ERROR: 'bad',
  DECLINED: 'bad',
  FAILED: 'bad',
  GAVE_UP: 'bad',
};

export const humanize = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ');

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${TONE[status] ?? 'neutral'}`} data-status={status}>
      {humanize(status)}
    </span>
  );
}

const METHOD_LABEL: Record<string, string> = {
  CREDIT_CARD: 'Card',
  WALLET_A_PAY: 'Wallet A',
  WALLET_B_PAY: 'Wallet B',
  IDEAL: 'iDEAL',
  CREDIT_CARD_REFUND: 'Card refund',
  IDEAL_REFUND: 'iDEAL refund',
};

export const paymentMethodLabel = (method: string | null | undefined) =>
  method ? (METHOD_LABEL[method] ?? humanize(method)) : '—';
