import { z } from 'zod';
import { ROLES } from '../../../platform/auth/roles.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { resetPasswordInputSchema } from '../commands/password-reset.ts';
import { signInInputSchema } from '../commands/sign-in.ts';
import { identityErrorEntries } from '../errors.ts';

/**
 * The portal's session endpoints at `{merchant_portal_url}/session`; registered by session-routes.ts under the
 * path of MERCHANT_PORTAL_URL. Answers are never cached.
 */

const TAGS = ['Portal sessions'];

const sessionJsonSchema = z
  .strictObject({
    user: z
      .strictObject({
        id: z.uuid().meta({ description: "The user's id (uuid)." }),
        email: z.string().meta({ description: 'Lower case.' }),
        role: z.enum(ROLES).meta({
          description:
            '`viewer` reads; `developer` also writes (orders, refunds, settings, API keys); `admin` also manages users.',
        }),
      })
      .meta({ description: 'The signed-in merchant user.' }),
    project_id: z
      .uuid()
      .meta({ description: "The user's project (uuid): every read and write is scoped to it." }),
    csrf_token: z.string().meta({
      description:
        'Send it as `x-csrf-token` with every request the session cookie authenticates that changes something.',
    }),
  })
  .meta({ id: 'PortalSession', description: 'The signed-in user and the CSRF token of the session.' });

const sessionExample = {
  user: { id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', email: 'ops@shop.example', role: 'admin' },
  project_id: '0b6c3f2a-8d4e-4f1a-9c7b-5e2d1a3f4b6c',
  csrf_token: 'kX0v9V5p2gQ1mYyB7nWcR4tLs8eHjUaZ',
};

export const signInContract = defineContract({
  method: 'POST',
  path: '/session',
  operationId: 'signIn',
  summary: 'Sign in to the merchant portal',
  description:
    'Opens a session for a merchant user: sets the session cookie (`HttpOnly; Secure; SameSite=Strict`) and ' +
    'answers the user and the CSRF token. A wrong password and an unknown address get the same answer. ' +
    'An address may have accounts in several projects: the password decides which, and `project_id` when it ' +
    'opens more than one. Rate limited per address, per (address, e-mail address) and per e-mail address.',
  tags: TAGS,
  auth: 'none',
  body: {
    schema: signInInputSchema,
    examples: { signIn: { value: { email: 'ops@shop.example', password: 'correct horse battery staple' } } },
  },
  success: {
    status: 200,
    description: 'Signed in.',
    schema: sessionJsonSchema,
    examples: { signedIn: { value: sessionExample } },
    headers: { 'Set-Cookie': { description: 'The session cookie.' } },
  },
  errors: [
    identityErrorEntries.invalid_credentials(
      'The e-mail address or password is incorrect',
      'The e-mail address or password is incorrect',
    ),
    identityErrorEntries.project_required(
      'The address and password open accounts in several projects: send `project_id`',
      'project_id: this address and password open several projects; send project_id, one of 0b6c3f2a-8d4e-4f1a-9c7b-5e2d1a3f4b6c, 1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
    ),
  ],
});

export const getSessionContract = defineContract({
  method: 'GET',
  path: '/session',
  operationId: 'getSession',
  summary: 'Read the current portal session',
  description: 'The same answer as the sign-in, for the session of the cookie (after a page reload).',
  tags: TAGS,
  auth: 'session',
  success: {
    status: 200,
    description: 'The session.',
    schema: sessionJsonSchema,
    examples: { session: { value: sessionExample } },
  },
});

export const signOutContract = defineContract({
  method: 'DELETE',
  path: '/session',
  operationId: 'signOut',
  summary: 'Sign out of the merchant portal',
  description:
    'Ends the session in every process (its WebSockets close) and clears the cookie. Without a valid session ' +
    'there is nothing to end, and the answer is the same 204.',
  tags: TAGS,
  auth: 'session',
  headers: z.object({
    'x-csrf-token': z.string().optional().meta({ description: 'The `csrf_token` of the sign-in.' }),
  }),
  success: { status: 204, description: 'Signed out; the cookie is cleared.' },
  errors: [
    identityErrorEntries.csrf_token_invalid(
      'A valid session cookie without its `x-csrf-token`',
      'Send the x-csrf-token header with the csrf_token of the sign-in (GET the session to read it again)',
    ),
  ],
});

export const resetPasswordContract = defineContract({
  method: 'POST',
  path: '/password-reset',
  operationId: 'resetPassword',
  summary: 'Set a new password with a reset link',
  description:
    'Uses up a one-time reset link an admin issued (`createPasswordReset`, or `npm run user:reset-password`): ' +
    'the link works once and for an hour, the password must be hard to guess, and every session of the user ' +
    'ends. Rate limited per client address, with the sign-ins.',
  tags: TAGS,
  auth: 'none',
  body: {
    schema: resetPasswordInputSchema,
    examples: {
      reset: {
        value: {
          token: 'q8Xh3vN2mRk7YbT0pLw9sZc4FjG6dHa1eUoI5nBxV2M',
          password: 'violet kestrel under 9 bridges',
        },
      },
    },
  },
  success: { status: 204, description: 'The password is set; every session of the user has ended.' },
  errors: [
    identityErrorEntries.invalid_reset_link(
      'The link was used, expired, or a newer one was issued',
      'token: this reset link is not valid: it was used, it expired, or a newer one was issued',
    ),
    identityErrorEntries.weak_password(
      'The password is too easy to guess',
      'password: is too easy to guess: This is similar to a commonly used password.',
    ),
  ],
});
