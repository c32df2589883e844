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
 * is a GraphQL error with `extensions.code` FORBIDDEN. Changes the schema's resolvers in place.
 */
export function enforceRoles(
  schema: GraphQLSchema,
  options: { aroundMutation?: MutationWrapper } = {},
): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const requirement = requirementOf(field) ?? DEFAULTS[type.name];
      if (!requirement) continue;
      const refuse = refusalFor(type, field, requirement);
      const resolve = field.resolve ?? defaultFieldResolver;
      const around = type.name === 'Mutation' ? options.aroundMutation : undefined;
      field.resolve = (source, args, context, info) => {
        const refusal = refuse(actorOf(context));
        const run = () => (refusal ? refusal() : resolve(source, args, context, info));
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

function refusalFor(
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  requirement: Requirement,
): (actor: Actor | undefined) => (() => unknown) | null {
  const payload = type.name === 'Mutation' ? userErrorPayloadShape(field) : null;
  return (actor) => {
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
