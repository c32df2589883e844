import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../dates.ts';
import { graphql } from '../gql/index.ts';
import '../user-errors.ts';
import { useCan } from '../portal-context.tsx';
import { Card } from '../ui/card.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { CopyButton } from '../ui/copy-button.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { ErrorState, Loading, Notice } from '../ui/states.tsx';
import { useConfirmedAction } from '../use-action.ts';
import { SendTestWebhook, WebhookHealth } from './webhook-health.tsx';

const WebhookProject = graphql(`
  query PortalWebhookProject {
    project {
      id
      webhookUrl
      webhookSigningEnabled
      webhookHealth {
        lastSuccessAt
        lastFailureAt
        consecutiveFailures
      }
    }
  }
`);

const SetWebhookUrl = graphql(`
  mutation PortalSetWebhookUrl($webhookUrl: String) {
    updateProject(input: { webhookUrl: $webhookUrl }) {
      project {
        id
        webhookUrl
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const EnableSigning = graphql(`
  mutation PortalEnableSigning {
    enableWebhookSigning {
      secret
      project {
        id
        webhookSigningEnabled
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const DisableSigning = graphql(`
  mutation PortalDisableSigning {
    disableWebhookSigning {
      project {
        id
        webhookSigningEnabled
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const RotateSigning = graphql(`
  mutation PortalRotateSigning($overlap: String) {
    rotateWebhookSigningSecret(overlap: $overlap) {
      secret
      previousSecretExpires
      project {
        id
        webhookSigningEnabled
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const SIGNING_OVERLAPS = [
  { value: 'PT1H', label: '1 hour' },
  { value: 'PT24H', label: '24 hours' },
  { value: 'P7D', label: '7 days' },
];

/** The project's webhook URL and signing, on the Developers page. */
export function WebhookSettings() {
  const canWrite = useCan('developer');
  const [result, refetch] = useQuery({ query: WebhookProject });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [url, setUrl] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const save = useConfirmedAction(SetWebhookUrl, (d) => d.updateProject);
  const remove = useConfirmedAction(SetWebhookUrl, (d) => d.updateProject);
  const enable = useConfirmedAction(EnableSigning, (d) => d.enableWebhookSigning);
  const disable = useConfirmedAction(DisableSigning, (d) => d.disableWebhookSigning);
  const rotate = useConfirmedAction(RotateSigning, (d) => d.rotateWebhookSigningSecret);
  const [overlap, setOverlap] = useState('PT24H');
  const [previousUntil, setPreviousUntil] = useState<string | null>(null);

  if (result.error && !result.data) return <ErrorState error={result.error} retry={reload} />;
  if (!result.data) return <Loading label="Loading webhook settings" />;
  const project = result.data.project;
  const value = url ?? project.webhookUrl ?? '';
  const outcome = [save, remove, enable, disable, rotate].map((a) => a.result).find(Boolean);

  return (
    <Card title="Webhooks">
      <p className="hint">
        Every status change of an order is posted to this URL as{' '}
        <code>{'{"event","order_id","project_id"}'}</code>, retried for up to 20 minutes until it answers 200.
        An order's own <code>webhook_url</code> takes precedence.
      </p>
      {outcome ? (
        outcome.ok ? (
          <Notice tone="success">Saved.</Notice>
        ) : (
          <Notice tone="error">{outcome.message}</Notice>
        )
      ) : null}
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          save.begin();
        }}
      >
        <label className="field field-grow">
          <span>Webhook URL</span>
          <input
            type="url"
            name="webhook-url"
            value={value}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://shop.example/webhooks"
            readOnly={!canWrite}
            required
          />
        </label>
        {canWrite ? (
          <>
            <button type="submit" className="button button-primary">
              Save URL
            </button>
            {project.webhookUrl ? (
              <button type="button" className="button" onClick={remove.begin}>
                Remove
              </button>
            ) : null}
          </>
        ) : null}
      </form>
      <p className="subtle" data-testid="current-webhook-url">
        Current: {project.webhookUrl ?? 'none (only orders with their own webhook URL get webhooks)'}
      </p>
      {canWrite && project.webhookUrl ? <SendTestWebhook url={project.webhookUrl} /> : null}
      <h3>Health</h3>
      <WebhookHealth health={project.webhookHealth} />

      <h3>Signing</h3>
      <p className="hint">
        {project.webhookSigningEnabled
          ? 'Webhooks carry a signature header: verify it before trusting a request.'
          : 'Webhooks are not signed. Enable signing so your server can verify that a webhook comes from us.'}
      </p>
      {secret ? (
        <SecretOnce secret={secret} copyLabel="Copy secret" after={<VerificationSnippet />}>
          <strong>Copy the signing secret now</strong>: it is not shown again.
          {previousUntil
            ? ` The previous secret keeps signing too until ${formatDateTime(previousUntil)}.`
            : ''}
        </SecretOnce>
      ) : null}
      {canWrite ? (
        <div className="action-buttons">
          {project.webhookSigningEnabled ? (
            <button type="button" className="button" onClick={rotate.begin}>
              Rotate secret
            </button>
          ) : (
            <button type="button" className="button" onClick={enable.begin}>
              Enable signing
            </button>
          )}
          {project.webhookSigningEnabled ? (
            <button type="button" className="button button-danger" onClick={disable.begin}>
              Disable signing
            </button>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={save.open}
        title="Save the webhook URL"
        confirmLabel="Save"
        busy={save.busy}
        onCancel={save.cancel}
        onConfirm={async () => {
          const outcome = await save.confirm({ webhookUrl: value.trim() });
          if (outcome.ok) {
            setUrl(null);
            reload();
          }
        }}
      >
        <p>
          Webhooks of every order without its own URL go to <strong className="break">{value}</strong>.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={remove.open}
        title="Remove the webhook URL"
        confirmLabel="Remove"
        danger
        busy={remove.busy}
        onCancel={remove.cancel}
        onConfirm={async () => {
          const outcome = await remove.confirm({ webhookUrl: null });
          if (outcome.ok) {
            setUrl(null);
            reload();
          }
        }}
      >
        <p>Orders without their own webhook URL get no webhooks any more.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={enable.open}
        title="Enable webhook signing"
        confirmLabel="Enable"
        busy={enable.busy}
        onCancel={enable.cancel}
        onConfirm={async () => {
          const outcome = await enable.confirm({});
          if (outcome.ok) {
            setPreviousUntil(null);
            setSecret(outcome.data.enableWebhookSigning.secret ?? null);
            reload();
          }
        }}
      >
        <p>A new secret signs every webhook from now on; the secret is shown once.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={rotate.open}
        title="Rotate the signing secret"
        confirmLabel="Rotate"
        busy={rotate.busy}
        onCancel={rotate.cancel}
        onConfirm={async () => {
          const outcome = await rotate.confirm({ overlap });
          if (outcome.ok) {
            const payload = outcome.data.rotateWebhookSigningSecret;
            setPreviousUntil(payload.previousSecretExpires ?? null);
            setSecret(payload.secret ?? null);
            reload();
          }
        }}
      >
        <p>
          A new secret signs every webhook from now on. During the overlap each webhook carries both
          signatures, so your servers can switch secrets without rejecting one.
        </p>
        <label className="field">
          <span>Previous secret keeps signing for</span>
          <select value={overlap} onChange={(event) => setOverlap(event.target.value)}>
            {SIGNING_OVERLAPS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </ConfirmDialog>
      <ConfirmDialog
        open={disable.open}
        title="Disable webhook signing"
        confirmLabel="Disable"
        danger
        busy={disable.busy}
        onCancel={disable.cancel}
        onConfirm={async () => {
          const outcome = await disable.confirm({});
          if (outcome.ok) reload();
        }}
      >
        <p>Webhooks are sent without a signature and the secret is forgotten.</p>
      </ConfirmDialog>
    </Card>
  );
}

function VerificationSnippet() {
  const snippet = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // the whsec_… secret
// Inside your handler, with the raw request body as a string:
const event = webhook.verify(rawBody, {
  'webhook-id': request.headers['webhook-id'],
  'webhook-timestamp': request.headers['webhook-timestamp'],
  'webhook-signature': request.headers['webhook-signature'],
}); // throws when the signature does not match`;
  return (
    <details className="snippet">
      <summary>Verify a webhook (Node.js, standardwebhooks)</summary>
      <pre>
        <code>{snippet}</code>
      </pre>
      <CopyButton text={snippet} label="Copy snippet" />
    </details>
  );
}
