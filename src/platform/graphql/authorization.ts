import {
  defaultFieldResolver,
  GraphQLError,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isNonNullType,
  isObjectType,
  valueFromASTUntyped,
} from 'graphql';
import type { Actor, PrincipalKind } from '../auth/actor.ts';
import { isRole, type Role, roleAtLeast } from '../auth/roles.ts';

/** What a field demands of its caller (the SDL's `@requires`, or the root type's default). */
export interface Requirement {
  role: Role;
  principal: PrincipalKind | null;
}

const DEFAULTS: Record<string, Requirement> = {
  Query: { role: 'viewer', principal: null },
  Subscription: { role: 'viewer', principal: null },
  Mutation: { role: 'developer', principal: null },
};

/**
 * Runs each mutation field (`run`: its resolver, or its refusal) and answers what `run` answers: the audit log's
 * one hook into GraphQL, which writes the entry in the mutation's own transaction.
 */
export type MutationWrapper = (
  event: { context: unknown; field: string; args: Record<string, unknown> },
  run: () => unknown,
) => unknown;

/**
 * Enforces roles for every field of the schema in one place, before any resolver runs: each root field needs
 * its `@requires(role:, principal:)` or its root type's default (queries and subscriptions: viewer; mutations:
 * developer), and any other field with `@requires` needs that. So a mutation added by anyone is closed to
 * viewers without its resolver doing anything. A refused mutation whose payload has `userErrors` (and only
 * nullable other fields) answers `{ userErrors: [{ code: "forbidden" }] }` like any refused input; anything else
 * is a GraphQL error with `extensions.code` FORBIDDEN. A mutation field after the first of its document asks
 * for its caller again first (`callerOfLaterMutation`). Changes the schema's resolvers in place.
 */
export function enforceRoles(
  schema: GraphQLSchema,
  options: { aroundMutation?: MutationWrapper } = {},
): void {
  // The operations (by their context) that have begun a mutation field: each later one asks for its caller again.
  const mutating = new WeakSet<object>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const requirement = requirementOf(field) ?? DEFAULTS[type.name];
      if (!requirement) continue;
      const refuse = refusalFor(type, field, requirement);
      const resolve = field.resolve ?? defaultFieldResolver;
      const isMutation = type.name === 'Mutation';
      const around = isMutation ? options.aroundMutation : undefined;
      field.resolve = (source, args, context, info) => {
        const runAs = (actor: Actor | undefined) => {
          const refusal = refuse(actor);
          return refusal ? refusal() : resolve(source, args, context, info);
        };
        const later = isMutation ? callerOfLaterMutation(mutating, context) : null;
        const run = later ? () => later().then(runAs) : () => runAs(actorOf(context));
        return around ? around({ context, field: field.name, args }, run) : run();
      };
      if (field.subscribe) {
        const subscribe = field.subscribe;
        field.subscribe = (source, args, context, info) => {
          const refusal = refuse(actorOf(context));
          if (refusal) return refusal();
          return subscribe(source, args, context, info);
        };
      }
    }
  }
}

/** The field's `@requires`, read from its SDL. */
export function requirementOf(field: GraphQLField<unknown, unknown>): Requirement | null {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'requires');
  if (!directive) return null;
  const args = Object.fromEntries(
    (directive.arguments ?? []).map((arg) => [arg.name.value, valueFromASTUntyped(arg.value)]),
  );
  const role = String(args.role ?? '').toLowerCase();
  if (!isRole(role)) throw new Error(`@requires on ${field.name} names no role`);
  const principal = args.principal === 'USER' ? 'user' : args.principal === 'API_KEY' ? 'api_key' : null;
  return { role, principal };
}

/** Whether an actor may use a field that has this requirement, and if not, why (for the message). */
export function refusalReason(actor: Actor | undefined, requirement: Requirement): string | null {
  if (!actor) return 'authentication is required';
  if (requirement.principal && actor.principal.kind !== requirement.principal) {
    return requirement.principal === 'user'
      ? 'only a signed-in merchant user may do this (API keys cannot manage keys or users)'
      : 'only an API key may do this';
  }
  if (!roleAtLeast(actor.role, requirement.role)) {
    return `the ${actor.role} role may not do this (it needs ${requirement.role} or higher)`;
  }
  return null;
}

const NO_CALLER =
  "Unauthorized: this request's credential no longer works (its API key was revoked or has expired, its user removed, or its session ended)";

function refusalFor(
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  requirement: Requirement,
): (actor: Actor | undefined) => (() => unknown) | null {
  const payload = type.name === 'Mutation' ? userErrorPayloadShape(field) : null;
  // No caller: over HTTP only a later mutation field meets it (an earlier field ended the credential), refused as
  // a request without credentials is (`unauthorized`), which is what the caller's next request gets too.
  const unauthenticated = payload
    ? () => ({ ...payload, userErrors: [{ field: null, code: 'unauthorized', message: NO_CALLER }] })
    : () => {
        throw new GraphQLError(NO_CALLER, { extensions: { code: 'UNAUTHENTICATED', http: { status: 200 } } });
      };
  return (actor) => {
    if (!actor) return unauthenticated;
    const reason = refusalReason(actor, requirement);
    if (!reason) return null;
    const message = `Forbidden: ${reason}`;
    if (payload) {
      return () => ({ ...payload, userErrors: [{ field: null, code: 'forbidden', message }] });
    }
    return () => {
      throw new GraphQLError(message, { extensions: { code: 'FORBIDDEN', http: { status: 200 } } });
    };
  };
}

/** `{ other: null, … }` when the field returns a payload with `userErrors` whose other fields may be null. */
function userErrorPayloadShape(field: GraphQLField<unknown, unknown>): Record<string, null> | null {
  const type = getNamedType(field.type);
  if (!isObjectType(type)) return null;
  const fields = type.getFields();
  if (!fields.userErrors) return null;
  const shape: Record<string, null> = {};
  for (const [name, payloadField] of Object.entries(fields)) {
    if (name === 'userErrors') continue;
    if (isNonNullType(payloadField.type)) return null;
    shape[name] = null;
  }
  return shape;
}

function actorOf(context: unknown): Actor | undefined {
  return (context as { actor?: Actor } | null)?.actor;
}

/**
 * A document's mutation fields run one after the other, and all of them used to run as the caller resolved when
 * the request came in, though the first may end that caller (`removeUser` of oneself ends one's session and
 * revokes one's keys; a key revoked meanwhile) or lower its role: `removeUser(self) createApiKey` made a key for
 * a removed user. So each mutation field after the first asks for the caller again (`currentActor`, through
 * the credential cache) and runs as who it is now, or is refused as a caller without credentials is (its
 * payload's `unauthorized`). Null for the first mutation field of an operation, which runs as the caller just
 * checked: a document with one mutation, almost every one, costs nothing more. (Asked inside the audit's
 * wrapper: a refusal is recorded, and a failed check as a failure.)
 */
function callerOfLaterMutation(
  mutating: WeakSet<object>,
  context: unknown,
): (() => Promise<Actor | undefined>) | null {
  if (typeof context !== 'object' || context === null) return null;
  if (!mutating.has(context)) {
    mutating.add(context);
    return null;
  }
  const operation = context as { actor?: Actor; currentActor?: () => Promise<Actor | null> };
  const { currentActor } = operation;
  // A context that cannot tell who its caller is now runs no second mutation.
  if (!currentActor) return async () => undefined;
  return async () => {
    const actor = await currentActor();
    if (!actor) return undefined;
    // This field and the ones after it run as the caller is now (its role may have changed).
    operation.actor = actor;
    return actor;
  };
}
