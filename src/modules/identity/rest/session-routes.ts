import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuditFacts } from '../../../platform/audit/audit-trail.ts';
import type { Actor } from '../../../platform/auth/actor.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { authenticateSession } from '../commands/authenticate-session.ts';
import { resetPassword } from '../commands/password-reset.ts';
import { attemptSignIn } from '../commands/sign-in.ts';
import { signOut } from '../commands/sign-out.ts';
import type { IdentityDeps } from '../deps.ts';
import { csrfTokenRefused, sessionRequired, signInRefused } from '../errors.ts';
import {
  clearSessionCookie,
  type SessionCookie,
  sessionCookieOf,
  sessionTokenOf,
  setSessionCookie,
} from '../session-cookie.ts';
import { csrfTokenMatches, csrfTokenOf } from '../session-token.ts';
import {
  getSessionContract,
  resetPasswordContract,
  signInContract,
  signOutContract,
} from './session-contracts.ts';

/**
 * The portal's session endpoints at `{merchant_portal_url}/session`, for a single-page app: JSON in and out, no
 * redirects. POST signs in (sets the cookie, answers the user and the CSRF token), GET answers the same for the
 * current session (after a reload), DELETE signs out. Never cached. Registered under the path of
 * MERCHANT_PORTAL_URL.
 */
export function sessionRoutes(deps: IdentityDeps) {
  const cookie = sessionCookieOf(deps.config);
  return async (app: FastifyInstance) => {
    route(app, signInContract, async (request, reply) => {
      const body = request.body as { email?: unknown } | null;
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
      await request.server.limitSignIn(request, reply, email);
      const entry = (
        facts: Pick<AuditFacts, 'projectId' | 'principal' | 'action' | 'target' | 'outcome'>,
      ) => ({
        ...facts,
        clientAddress: request.ip,
        requestId: request.id,
      });
      const attempt = await attemptSignIn(request.deps, request.body, request.ip, {
        // A sign-in's entry commits with its session.
        recordIn: (uow, { user, session }) =>
          request.deps.audit.recordIn(
            uow,
            entry({
              projectId: user.projectId,
              principal: { kind: 'user', id: user.id, label: user.email },
              action: 'session.sign_in',
              target: { type: 'session', id: session.id },
              outcome: 'succeeded',
            }),
          ),
      });
      if (!attempt.ok) {
        // A refusal wrote nothing: its entry is written on its own (AuditTrail.record), one per account tried
        // (each of its projects sees it), or one without a project for an unknown address. An address with
        // accounts in several projects belongs to none of them alone: any merchant can invite any address, so
        // its entries leave out where the attempt came from, which would show one merchant's staff (their
        // addresses, their typing) to another.
        const tried = attempt.users.length > 0 ? attempt.users : [null];
        for (const who of tried) {
          request.deps.audit.record({
            ...entry({
              projectId: who?.projectId ?? null,
              principal: { kind: who ? 'user' : 'anonymous', id: who?.id ?? null, label: who?.email ?? null },
              action: 'session.sign_in_failed',
              target: null,
              outcome: 'refused',
            }),
            ...(tried.length > 1 && { clientAddress: null }),
          });
        }
        if (email) await request.server.signInFailed(request, email);
        throw signInRefused();
      }
      // Signing in over an existing session ends it: one browser, one session.
      const previous = sessionTokenOf(request.headers.cookie, cookie);
      if (previous) await signOut(request.deps, previous);
      const { user, token, csrfToken } = attempt.signedIn;
      noStore(reply).header('set-cookie', setSessionCookie(cookie, token));
      return {
        user: { id: user.id, email: user.email, role: user.role },
        project_id: user.projectId,
        csrf_token: csrfToken,
      };
    });

    route(app, resetPasswordContract, async (request, reply) => {
      // Counted with the address's sign-in attempts: a link's token cannot be guessed, and trying costs the same.
      await request.server.limitSignIn(request, reply, null);
      await resetPassword(request.deps, request.body, {
        recordIn: (uow, user) =>
          request.deps.audit.recordIn(uow, {
            projectId: user.projectId,
            principal: { kind: 'user', id: user.id, label: user.email },
            clientAddress: request.ip,
            action: 'session.password_reset',
            target: { type: 'user', id: user.id },
            outcome: 'succeeded',
            requestId: request.id,
          }),
      });
      return noStore(reply).code(204).send();
    });

    route(app, getSessionContract, async (request, reply) => {
      const token = sessionTokenOf(request.headers.cookie, cookie);
      const actor = token ? await authenticateSession(request.deps, token) : null;
      if (!token || !actor) throw sessionRequired();
      noStore(reply);
      return sessionJson(actor, csrfTokenOf(token));
    });

    route(app, signOutContract, async (request, reply) => {
      const token = sessionTokenOf(request.headers.cookie, cookie);
      if (token && (await authenticateSession(request.deps, token))) {
        // Signing someone out is a write: a cross-site request cannot, without the CSRF token.
        if (!csrfTokenMatches(token, request.headers['x-csrf-token'])) throw csrfTokenRefused();
        await signOut(request.deps, token, {
          recordIn: (uow, ended) =>
            request.deps.audit.recordIn(uow, {
              projectId: ended.projectId,
              principal: { kind: 'user', id: ended.userId, label: null },
              clientAddress: request.ip,
              action: 'session.sign_out',
              target: { type: 'session', id: ended.sessionId },
              outcome: 'succeeded',
              requestId: request.id,
            }),
        });
      }
      return clearCookie(noStore(reply), cookie).code(204).send();
    });
  };
}

function sessionJson(actor: Actor, csrfToken: string) {
  const principal = actor.principal;
  if (principal.kind !== 'user') throw sessionRequired();
  return {
    user: { id: principal.userId, email: principal.email, role: actor.role },
    project_id: actor.projectId,
    csrf_token: csrfToken,
  };
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

function clearCookie(reply: FastifyReply, cookie: SessionCookie): FastifyReply {
  return reply.header('set-cookie', clearSessionCookie(cookie));
}
