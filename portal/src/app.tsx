import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Provider } from 'urql';
import { Redirect, Route, Router, Switch } from 'wouter';
import { createPortalClient, type PortalClient } from './graphql-client.ts';
import { DevelopersPage } from './pages/developers.tsx';
import { HomePage } from './pages/home.tsx';
import { OrderDetailPage } from './pages/order-detail.tsx';
import { OrdersPage } from './pages/orders.tsx';
import { ResetPasswordPage } from './pages/reset-password.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { type Portal, PortalContext } from './portal-context.tsx';
import { currentSession, forgetSession, type Session, signOut } from './session.ts';
import { Shell } from './ui/shell.tsx';
import { ErrorState, Loading } from './ui/states.tsx';

/** Router base: the path the server serves the portal at (Vite's `base`, e.g. `/portal`). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

interface SignedInState {
  session: Session;
  portal: PortalClient;
}

type SessionState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: Error }
  | { kind: 'ready'; signedIn: SignedInState | null };

export function App() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  // One GraphQL client (and one socket) per session, made when the session starts, outside rendering.
  const signedOut = useCallback(() => {
    forgetSession();
    setState((current) => {
      if (current.kind === 'ready') current.signedIn?.portal.dispose();
      return { kind: 'ready', signedIn: null };
    });
  }, []);
  const start = useCallback(
    (session: Session | null) =>
      setState({
        kind: 'ready',
        signedIn: session
          ? { session, portal: createPortalClient(session, { onSignedOut: signedOut }) }
          : null,
      }),
    [signedOut],
  );
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    currentSession().then(start, (error: Error) => setState({ kind: 'failed', error }));
  }, [start]);
  useEffect(load, [load]);

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
      {state.signedIn ? (
        <SignedIn {...state.signedIn} onSignedOut={signedOut} />
      ) : (
        <Switch>
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route>
            <SignInPage onSignedIn={start} />
          </Route>
        </Switch>
      )}
    </Router>
  );
}

function SignedIn({ session, portal, onSignedOut }: SignedInState & { onSignedOut: () => void }) {
  const { live, reconnects } = useSyncExternalStore(portal.onStatus, portal.status);
  const value = useMemo<Portal>(
    () => ({
      session,
      portal,
      live,
      reconnects,
      signOut: async () => {
        await signOut(session).catch(() => undefined);
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
