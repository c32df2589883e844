import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../dates.ts';
import type { Role } from '../gql/graphql.ts';
import { graphql } from '../gql/index.ts';
import '../user-errors.ts';
import { useCan, usePortal } from '../portal-context.tsx';
import { paymentMethodLabel } from '../ui/badges.tsx';
import { Card } from '../ui/card.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { EmptyState, ErrorState, Loading, Notice } from '../ui/states.tsx';
import { useConfirmedAction } from '../use-action.ts';
import { AuditLogCard } from './audit-log.tsx';

const ProjectSettings = graphql(`
  query PortalProjectSettings {
    project {
      id
      name
      mode
      merchantId
      paymentMethods
    }
  }
`);

const RenameProject = graphql(`
  mutation PortalRenameProject($name: String!) {
    updateProject(input: { name: $name }) {
      project {
        id
        name
      }
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const Users = graphql(`
  query PortalUsers {
    users {
      id
      email
      role
      created
    }
  }
`);

const CreateUser = graphql(`
  mutation PortalCreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      user {
        id
        email
        role
      }
      password
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const RemoveUser = graphql(`
  mutation PortalRemoveUser($id: ID!) {
    removeUser(id: $id) {
      removedUserId
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const CreatePasswordReset = graphql(`
  mutation PortalCreatePasswordReset($userId: ID!) {
    createPasswordReset(userId: $userId) {
      url
      expires
      userErrors {
        ...UserErrors
      }
    }
  }
`);

const ChangePassword = graphql(`
  mutation PortalChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      changed
      userErrors {
        ...UserErrors
      }
    }
  }
`);

export function SettingsPage() {
  return (
    <section className="page" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <ProjectCard />
      <PasswordCard />
      <UsersCard />
      <AuditLogCard />
    </section>
  );
}

function ProjectCard() {
  const canWrite = useCan('developer');
  const [result, refetch] = useQuery({ query: ProjectSettings });
  const [name, setName] = useState<string | null>(null);
  const rename = useConfirmedAction(RenameProject, (d) => d.updateProject);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  if (result.error && !result.data) return <ErrorState error={result.error} retry={reload} />;
  if (!result.data) return <Loading label="Loading the project" />;
  const project = result.data.project;
  const value = name ?? project.name;
  return (
    <Card title="Project">
      {rename.result ? (
        rename.result.ok ? (
          <Notice tone="success">Project renamed.</Notice>
        ) : (
          <Notice tone="error">{rename.result.message}</Notice>
        )
      ) : null}
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          rename.begin();
        }}
      >
        <label className="field field-grow">
          <span>Project name</span>
          <input
            value={value}
            onChange={(event) => setName(event.target.value)}
            readOnly={!canWrite}
            required
            maxLength={200}
          />
        </label>
        {canWrite ? (
          <button type="submit" className="button button-primary">
            Save name
          </button>
        ) : null}
      </form>
      <dl className="fields">
        <div className="field-row">
          <dt>Mode</dt>
          <dd>{project.mode === 'TEST' ? 'Test (simulator, no real money)' : 'Live'}</dd>
        </div>
        <div className="field-row">
          <dt>Project id</dt>
          <dd className="mono">{project.id}</dd>
        </div>
        <div className="field-row">
          <dt>Merchant id</dt>
          <dd className="mono">{project.merchantId}</dd>
        </div>
        <div className="field-row">
          <dt>Active payment methods</dt>
          <dd>
            <ul className="chips">
              {project.paymentMethods.map((method) => (
                <li key={method} className="chip">
                  {paymentMethodLabel(method)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <ConfirmDialog
        open={rename.open}
        title="Rename the project"
        confirmLabel="Save"
        busy={rename.busy}
        onCancel={rename.cancel}
        onConfirm={async () => {
          const outcome = await rename.confirm({ name: value.trim() });
          if (outcome.ok) {
            setName(null);
            reload();
          }
        }}
      >
        <p>
          The project is called <strong>{value}</strong> from now on.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

const ROLES: { value: Role; label: string }[] = [
  { value: 'VIEWER', label: 'Viewer (read only)' },
  { value: 'DEVELOPER', label: 'Developer (all but users)' },
  { value: 'ADMIN', label: 'Admin (everything)' },
];

function UsersCard() {
  const isAdmin = useCan('admin');
  const { session } = usePortal();
  const [result, refetch] = useQuery({ query: Users, pause: !isAdmin });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('VIEWER');
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [target, setTarget] = useState<{ id: string; email: string } | null>(null);
  const [resetLink, setResetLink] = useState<{ email: string; url: string; expires: string } | null>(null);
  const create = useConfirmedAction(CreateUser, (d) => d.createUser);
  const remove = useConfirmedAction(RemoveUser, (d) => d.removeUser);
  const reset = useConfirmedAction(CreatePasswordReset, (d) => d.createPasswordReset);
  if (!isAdmin) {
    return (
      <Card title="Users">
        <EmptyState title="Admins manage users">
          <p>Ask an admin of this project to add or remove people.</p>
        </EmptyState>
      </Card>
    );
  }
  const failed = [create.result, remove.result, reset.result].find((r) => r && !r.ok);
  return (
    <Card title="Users">
      {resetLink ? (
        <SecretOnce
          secret={resetLink.url}
          copyLabel="Copy link"
          onDone={() => setResetLink(null)}
          doneLabel="Done"
        >
          Send this link to <strong>{resetLink.email}</strong>: it sets a new password once, until{' '}
          {formatDateTime(resetLink.expires)}, and is not shown again.
        </SecretOnce>
      ) : null}
      {created ? (
        <SecretOnce
          secret={created.password}
          copyLabel="Copy password"
          onDone={() => setCreated(null)}
          doneLabel="Done"
        >
          <strong>{created.email}</strong> can sign in with this password; it is not shown again.
        </SecretOnce>
      ) : null}
      {failed && !failed.ok ? <Notice tone="error">{failed.message}</Notice> : null}
      {result.error && !result.data ? (
        <ErrorState error={result.error} retry={reload} />
      ) : !result.data ? (
        <Loading label="Loading users" />
      ) : (
        <ScrollRegion label="Users">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.users.map((user) => (
                <tr key={user.id}>
                  <td>{user.email}</td>
                  <td>{user.role.toLowerCase()}</td>
                  <td>{formatDateTime(user.created)}</td>
                  <td className="row-actions">
                    {user.id === session.user.id ? (
                      <span className="subtle">You</span>
                    ) : (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Password reset link for ${user.email}`}
                        onClick={() => {
                          setTarget(user);
                          reset.begin();
                        }}
                      >
                        Reset link
                      </button>
                    )}
                    {user.id === session.user.id ? null : (
                      <button
                        type="button"
                        className="button button-small button-danger"
                        aria-label={`Remove ${user.email}`}
                        onClick={() => {
                          setTarget(user);
                          remove.begin();
                        }}
                      >
                        Remove
                      </button>
                    )}
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
          <span>E-mail address</span>
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          Add user
        </button>
      </form>
      <ConfirmDialog
        open={create.open}
        title="Add a user"
        confirmLabel="Add user"
        busy={create.busy}
        onCancel={create.cancel}
        onConfirm={async () => {
          const outcome = await create.confirm({ input: { email, role } });
          if (outcome.ok) {
            setCreated({
              email: outcome.data.createUser.user!.email,
              password: outcome.data.createUser.password!,
            });
            setEmail('');
            reload();
          }
        }}
      >
        <p>
          <strong>{email}</strong> joins this project as {role.toLowerCase()}, with a generated password shown
          once.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={reset.open}
        title="Password reset link"
        confirmLabel="Make the link"
        busy={reset.busy}
        onCancel={reset.cancel}
        onConfirm={async () => {
          const outcome = await reset.confirm({ userId: target!.id });
          if (outcome.ok) {
            const payload = outcome.data.createPasswordReset;
            setResetLink({ email: target!.email, url: payload.url!, expires: payload.expires! });
          }
        }}
      >
        <p>
          A link for <strong>{target?.email}</strong> to set a new password: it works once, for an hour, and
          ends their sessions. A link made before for them stops working.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={remove.open}
        title="Remove the user"
        confirmLabel="Remove"
        danger
        busy={remove.busy}
        onCancel={remove.cancel}
        onConfirm={async () => {
          const outcome = await remove.confirm({ id: target!.id });
          if (outcome.ok) reload();
        }}
      >
        <p>
          <strong>{target?.email}</strong> is signed out at once and can no longer sign in. The API keys they
          own are revoked, unless an admin takes them over first (Developers page).
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useConfirmedAction(ChangePassword, (d) => d.changePassword);
  return (
    <Card title="Your password">
      {change.result ? (
        change.result.ok ? (
          <Notice tone="success">Password changed. Your other sessions have ended.</Notice>
        ) : (
          <Notice tone="error">{change.result.message}</Notice>
        )
      ) : null}
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          change.begin();
        }}
      >
        <label className="field">
          <span>Current password</span>
          <input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            required
          />
        </label>
        <label className="field field-grow">
          <span>New password</span>
          <input
            type="password"
            autoComplete="new-password"
            minLength={12}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            required
          />
        </label>
        <button type="submit" className="button button-primary">
          Change password
        </button>
      </form>
      <ConfirmDialog
        open={change.open}
        title="Change your password"
        confirmLabel="Change password"
        busy={change.busy}
        onCancel={change.cancel}
        onConfirm={async () => {
          const outcome = await change.confirm({ input: { currentPassword: current, newPassword: next } });
          if (outcome.ok) {
            setCurrent('');
            setNext('');
          }
        }}
      >
        <p>Your other sessions end; this one stays. Choose a password that is hard to guess.</p>
      </ConfirmDialog>
    </Card>
  );
}
