import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../dates.ts';
import { graphql } from '../gql/index.ts';
import '../user-errors.ts';
import { useCan, usePortal } from '../portal-context.tsx';
import { Card } from '../ui/card.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { EmptyState, ErrorState, Loading, Notice } from '../ui/states.tsx';
import { useConfirmedAction } from '../use-action.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookSettings } from './webhook-settings.tsx';

const ApiKeys = graphql(`
  query PortalApiKeys {
    apiKeys {
      id
      label
      prefix
      created
      lastUsed
      expires
      revoked
      active
      role
      createdBy {
        id
        email
      }
      owner {
        id
        email
      }
    }
  }
`);

const CreateApiKey = graphql(`
  mutation PortalCreateApiKey($label: String!, $role: Role) {
    createApiKey(label: $label, role: $role) {
      apiKey {
        id
        prefix
      }
      secret
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const RollApiKey = graphql(`
  mutation PortalRollApiKey($id: ID!, $overlap: String) {
    rollApiKey(id: $id, overlap: $overlap) {
      apiKey {
        id
        prefix
      }
      secret
      previousKey {
        id
        expires
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const RevokeApiKey = graphql(`
  mutation PortalRevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      apiKey {
        id
        revoked
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const TakeOverApiKey = graphql(`
  mutation PortalTakeOverApiKey($id: ID!) {
    takeOverApiKey(id: $id) {
      apiKey {
        id
        owner {
          id
          email
        }
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

/** The roles a key may have, strongest first; a user may give a key at most their own. */
const KEY_ROLES = [
  { value: 'ADMIN', label: 'Admin (everything, the audit log included)', rank: 2 },
  { value: 'DEVELOPER', label: 'Developer (reads and writes)', rank: 1 },
  { value: 'VIEWER', label: 'Viewer (reads only)', rank: 0 },
] as const;
const RANK: Record<string, number> = { admin: 2, developer: 1, viewer: 0 };

const OVERLAPS = [
  { value: 'PT0S', label: 'Stop the old key now' },
  { value: 'PT1H', label: '1 hour' },
  { value: 'PT6H', label: '6 hours' },
  { value: 'PT24H', label: '24 hours' },
];

export function DevelopersPage() {
  return (
    <section className="page" aria-labelledby="developers-title">
      <h1 id="developers-title">Developers</h1>
      <ApiKeysCard />
      <WebhookSettings />
      <WebhookDeliveries />
    </section>
  );
}

function ApiKeysCard() {
  const canManage = useCan('developer');
  const isAdmin = useCan('admin');
  const { session } = usePortal();
  const ownRank = RANK[session.user.role] ?? 0;
  const [role, setRole] = useState<string>(session.user.role.toUpperCase());
  const [result, refetch] = useQuery({ query: ApiKeys, pause: !canManage });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState<{ prefix: string; value: string } | null>(null);
  const [target, setTarget] = useState<{ id: string; prefix: string } | null>(null);
  const [overlap, setOverlap] = useState('PT1H');
  const create = useConfirmedAction(CreateApiKey, (d) => d.createApiKey);
  const roll = useConfirmedAction(RollApiKey, (d) => d.rollApiKey);
  const revoke = useConfirmedAction(RevokeApiKey, (d) => d.revokeApiKey);
  const takeOver = useConfirmedAction(TakeOverApiKey, (d) => d.takeOverApiKey);

  if (!canManage) {
    return (
      <Card title="API keys">
        <EmptyState title="Developers and admins manage API keys">
          <p>Your role can read the project but not its keys.</p>
        </EmptyState>
      </Card>
    );
  }
  const failed = [create, roll, revoke, takeOver].map((a) => a.result).find((r) => r && !r.ok);
  return (
    <Card title="API keys">
      <p className="hint">
        Your servers authenticate with a key as the HTTP Basic user name. A key's secret is shown once, when
        it is created or rolled. A key does what its role allows, never more than the person who made it, and
        belongs to its owner: removing the owner revokes it, unless an admin takes it over.
      </p>
      {secret ? (
        <SecretOnce secret={secret.value} copyLabel="Copy key" onDone={() => setSecret(null)}>
          <strong>Copy the new key now</strong>: it is not shown again.
        </SecretOnce>
      ) : null}
      {failed && !failed.ok ? <Notice tone="error">{failed.message}</Notice> : null}
      {result.error && !result.data ? (
        <ErrorState error={result.error} retry={reload} />
      ) : !result.data ? (
        <Loading label="Loading keys" />
      ) : result.data.apiKeys.length === 0 ? (
        <EmptyState title="No API keys yet" />
      ) : (
        <ScrollRegion label="API keys">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Key</th>
                <th scope="col">Role</th>
                <th scope="col">Owner</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.apiKeys.map((key) => (
                <tr key={key.id} data-key-prefix={key.prefix}>
                  <td>{key.label ?? '—'}</td>
                  <td className="mono">{key.prefix}…</td>
                  <td>{key.role.toLowerCase()}</td>
                  <td>{key.owner ? key.owner.email : 'No one (command line)'}</td>
                  <td>{formatDateTime(key.created)}</td>
                  <td>{key.lastUsed ? formatDateTime(key.lastUsed) : 'Never'}</td>
                  <td>
                    {key.revoked
                      ? `Revoked ${formatDateTime(key.revoked)}`
                      : key.expires
                        ? `${key.active ? 'Stops' : 'Stopped'} ${formatDateTime(key.expires)}`
                        : 'Active'}
                  </td>
                  <td className="row-actions">
                    {isAdmin && key.active && key.owner?.id !== session.user.id ? (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Take over key ${key.prefix}`}
                        onClick={() => {
                          setTarget(key);
                          takeOver.begin();
                        }}
                      >
                        Take over
                      </button>
                    ) : null}
                    {key.active && !key.expires && (RANK[key.role.toLowerCase()] ?? 2) <= ownRank ? (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Roll key ${key.prefix}`}
                        onClick={() => {
                          setTarget(key);
                          roll.begin();
                        }}
                      >
                        Roll
                      </button>
                    ) : null}
                    {key.active ? (
                      <button
                        type="button"
                        className="button button-small button-danger"
                        aria-label={`Revoke key ${key.prefix}`}
                        onClick={() => {
                          setTarget(key);
                          revoke.begin();
                        }}
                      >
                        Revoke
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          create.begin();
        }}
      >
        <label className="field field-grow">
          <span>New key label</span>
          <input
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={100}
            required
            placeholder="shop backend"
          />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(event) => setRole(event.target.value)}>
            {KEY_ROLES.filter((option) => option.rank <= ownRank).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          Create key
        </button>
      </form>

      <ConfirmDialog
        open={create.open}
        title="Create an API key"
        confirmLabel="Create key"
        busy={create.busy}
        onCancel={create.cancel}
        onConfirm={async () => {
          const outcome = await create.confirm({ label, role: role as 'ADMIN' | 'DEVELOPER' | 'VIEWER' });
          if (outcome.ok) {
            const payload = outcome.data.createApiKey;
            setSecret({ prefix: payload.apiKey!.prefix, value: payload.secret! });
            setLabel('');
            reload();
          }
        }}
      >
        <p>
          A new key labelled <strong>{label}</strong> can call the API of this project as a{' '}
          <strong>{role.toLowerCase()}</strong>. It is yours: removing you revokes it, unless an admin takes
          it over.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={roll.open}
        title={`Roll key ${target?.prefix ?? ''}…`}
        confirmLabel="Roll key"
        busy={roll.busy}
        onCancel={roll.cancel}
        onConfirm={async () => {
          const outcome = await roll.confirm({ id: target!.id, overlap });
          if (outcome.ok) {
            const payload = outcome.data.rollApiKey;
            setSecret({ prefix: payload.apiKey!.prefix, value: payload.secret! });
            reload();
          }
        }}
      >
        <p>
          A new key replaces this one. The old key keeps working for the overlap, so your servers can switch
          over.
        </p>
        <label className="field">
          <span>Old key keeps working for</span>
          <select value={overlap} onChange={(event) => setOverlap(event.target.value)}>
            {OVERLAPS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </ConfirmDialog>

      <ConfirmDialog
        open={takeOver.open}
        title={`Take over key ${target?.prefix ?? ''}…`}
        confirmLabel="Take over"
        busy={takeOver.busy}
        onCancel={takeOver.cancel}
        onConfirm={async () => {
          const outcome = await takeOver.confirm({ id: target!.id });
          if (outcome.ok) reload();
        }}
      >
        <p>The key becomes yours: removing the user who made it no longer revokes it; removing you will.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={revoke.open}
        title={`Revoke key ${target?.prefix ?? ''}…`}
        confirmLabel="Revoke key"
        danger
        busy={revoke.busy}
        onCancel={revoke.cancel}
        onConfirm={async () => {
          const outcome = await revoke.confirm({ id: target!.id });
          if (outcome.ok) reload();
        }}
      >
        <p>
          Every request with this key is refused from now on, in every server process. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
