import { useState } from 'react';
import { useClient } from 'urql';
import { formatDateTime, formatRelative } from '../dates.ts';
import { graphql } from '../gql/index.ts';
import '../user-errors.ts';
import { usePortal } from '../portal-context.tsx';
import { humanize } from '../ui/badges.tsx';
import { Notice } from '../ui/states.tsx';

const SendTest = graphql(`
  mutation PortalSendTestWebhook($url: String!) {
    sendTestWebhook(url: $url) {
      attempt {
        url
        httpStatus
        errorKind
        errorMessage
        durationMs
        signed
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

export interface WebhookHealthValue {
  lastSuccessAt?: string | null;
  lastFailureAt?: string | null;
  consecutiveFailures: number;
}

/** How the project's endpoint has been answering (status-change deliveries; test webhooks do not count). */
export function WebhookHealth({ health }: { health: WebhookHealthValue }) {
  const tone = health.consecutiveFailures === 0 ? (health.lastSuccessAt ? 'good' : 'neutral') : 'bad';
  return (
    <div className="webhook-health" data-testid="webhook-health">
      <p>
        <span className={`badge badge-${tone}`}>
          {health.consecutiveFailures === 0
            ? health.lastSuccessAt
              ? 'Healthy'
              : 'No deliveries yet'
            : `${health.consecutiveFailures} failed attempt${health.consecutiveFailures === 1 ? '' : 's'} in a row`}
        </span>
      </p>
      <p className="subtle">
        Last success:{' '}
        {health.lastSuccessAt ? (
          <time dateTime={health.lastSuccessAt} title={formatDateTime(health.lastSuccessAt)}>
            {formatRelative(health.lastSuccessAt)}
          </time>
        ) : (
          'never'
        )}
        {' · '}Last failure:{' '}
        {health.lastFailureAt ? (
          <time dateTime={health.lastFailureAt} title={formatDateTime(health.lastFailureAt)}>
            {formatRelative(health.lastFailureAt)}
          </time>
        ) : (
          'never'
        )}
      </p>
    </div>
  );
}

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/** Posts a test notification to the URL and shows what the receiver answered; nothing is stored. */
export function SendTestWebhook({ url }: { url: string }) {
  const client = useClient();
  const { portal } = usePortal();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = async () => {
    setBusy(true);
    setOutcome(null);
    const answer = await client
      .mutation(
        SendTest,
        { url },
        { ...portal.writeOptions(crypto.randomUUID()), requestPolicy: 'network-only' },
      )
      .toPromise();
    setBusy(false);
    const payload = answer.data?.sendTestWebhook;
    if (!payload) {
      setOutcome({
        ok: false,
        text: answer.error?.graphQLErrors[0]?.message ?? 'The server could not be reached',
      });
    } else if (payload.userErrors.length > 0 || !payload.attempt) {
      setOutcome({ ok: false, text: payload.userErrors.map((e) => e.message).join(' ') });
    } else {
      const a = payload.attempt;
      const signed = a.signed ? ', signed' : '';
      setOutcome(
        a.errorKind
          ? {
              ok: false,
              text: `The test webhook failed: ${humanize(a.errorKind)}${a.httpStatus ? ` (HTTP ${a.httpStatus})` : ''} after ${a.durationMs} ms${signed}. ${a.errorMessage ?? ''}`,
            }
          : { ok: true, text: `Your endpoint answered HTTP ${a.httpStatus} in ${a.durationMs} ms${signed}.` },
      );
    }
  };
  return (
    <div className="test-webhook">
      <button type="button" className="button" disabled={busy || !url} onClick={() => void send()}>
        {busy ? 'Sending…' : 'Send test webhook'}
      </button>
      {outcome ? <Notice tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Notice> : null}
    </div>
  );
}
