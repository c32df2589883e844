import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { Link, useLocation } from 'wouter';
import { graphql } from '../gql/index.ts';
import { usePortal } from '../portal-context.tsx';

const ViewerQuery = graphql(`
  query PortalViewer {
    viewer {
      role
      project {
        id
        name
        mode
      }
    }
  }
`);

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/orders', label: 'Orders' },
  { href: '/developers', label: 'Developers' },
  { href: '/settings', label: 'Settings' },
];

/** The frame of every signed-in page: skip link, test-mode banner, header with navigation and the user. */
export function Shell({ children }: { children: ReactNode }) {
  const { session, live, signOut } = usePortal();
  const [location] = useLocation();
  const [{ data }] = useQuery({ query: ViewerQuery });
  const project = data?.viewer.project;
  const current = (href: string) => (href === '/' ? location === '/' : location.startsWith(href));
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {project?.mode === 'TEST' ? (
        <div className="test-banner" role="note">
          Test mode: payments go to the simulator; no real money moves.
        </div>
      ) : null}
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand-name">{project?.name ?? 'Merchant portal'}</span>
        </div>
        <nav aria-label="Main" className="nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={current(item.href) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="user">
          <span
            className={`live-dot ${live ? 'is-live' : ''}`}
            title={live ? 'Live updates on' : 'Live updates reconnecting'}
          >
            <span className="visually-hidden">{live ? 'Live updates on' : 'Live updates reconnecting'}</span>
          </span>
          <span className="user-email">{session.user.email}</span>
          <span className="role-tag">{session.user.role}</span>
          <button type="button" className="button button-small" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
