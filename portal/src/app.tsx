import { useCallback, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { Redirect, Route, Router, Switch } from 'wouter';
import { createPortalClient } from './graphql-client.ts';
import { DevelopersPage } from './pages/developers.tsx';
import { HomePage } from './pages/home.tsx';
import { OrderDetailPage } from './pages/order-detail.tsx';
import { OrdersPage } from './pages/orders.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { type Portal, PortalContext } from './portal-context.tsx';
import { currentSession, type Session, signOut } from './session.ts';
import { Shell } from './ui/shell.tsx';
import { ErrorState, Loading } from './ui/states.tsx';

/** Router base: the path the server serves the portal at (Vite's `base`, e.g. `/portal`). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

type SessionState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: Error }
  | { kind: 'ready'; session: Session | null };

export function App() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    currentSession().then(
      (session) => setState({ kind: 'ready', session }),
      (error: Error) => setState({ kind: 'failed', error }),
    );
  }, []);
  useEffect(load, [load]);
  const signedOut = useCallback(() => setState({ kind: 'ready', session: null }), []);

  if (state.kind === 'loading') {
    return (
      <main className="centered">
        <Loading label="Opening the portal" />
      </main>
    );
  }
  if (state.kind === 'failed') {
    return (
      <main className="centered">
        <ErrorState error={state.error} retry={load} />
      </main>
    );
  }
  return (
    <Router base={BASE}>
      {state.session ? (
        <SignedIn key={state.session.csrfToken} session={state.session} onSignedOut={signedOut} />
      ) : (
        <SignInPage onSignedIn={(session) => setState({ kind: 'ready', session })} />
      )}
    </Router>
  );
}

function SignedIn({ session, onSignedOut }: { session: Session; onSignedOut: () => void }) {
  const [live, setLive] = useState(false);
  const [reconnects, setReconnects] = useState(0);
  const portal = useMemo(() => {
    let connectedBefore = false;
    return createPortalClient(session, {
      onConnected: () => {
        setLive(true);
        if (connectedBefore) setReconnects((count) => count + 1);
        connectedBefore = true;
      },
      onClosed: () => setLive(false),
      onSignedOut,
    });
  }, [session, onSignedOut]);
  useEffect(() => () => portal.dispose(), [portal]);

  const value = useMemo<Portal>(
    () => ({
      session,
      portal,
      live,
      reconnects,
      signOut: async () => {
        await signOut(session).catch(() => undefined);
        portal.dispose();
        onSignedOut();
      },
    }),
    [session, portal, live, reconnects, onSignedOut],
  );

  return (
    <PortalContext.Provider value={value}>
      <Provider value={portal.client}>
        <Shell>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/orders" component={OrdersPage} />
            <Route path="/orders/:id">{(params) => <OrderDetailPage id={params.id} />}</Route>
            <Route path="/developers" component={DevelopersPage} />
            <Route path="/settings" component={SettingsPage} />
            <Route path="/sign-in">
              <Redirect to="/" />
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Shell>
      </Provider>
    </PortalContext.Provider>
  );
}

function NotFound() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>There is no page at this address. Use the navigation to find your way.</p>
    </section>
  );
}
