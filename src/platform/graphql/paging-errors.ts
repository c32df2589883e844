import { defaultFieldResolver, GraphQLError, type GraphQLSchema, isObjectType } from 'graphql';
import { DomainError } from '../errors/domain-error.ts';

const PAGING_ARGUMENTS = new Set(['first', 'last', 'after', 'before']);

/**
 * A paging argument the field refuses (`first: 0`, `after: "zz"`) is the caller's mistake: every field that pages
 * (has `first`, `last`, `after` or `before`) answers a refusal of its command as a GraphQL error with
 * `extensions.code` BAD_USER_INPUT, `type` the refusal's code and `field` the argument named, over HTTP and
 * WebSocket alike, rather than the masked internal error a thrown DomainError would become. Changes the schema's
 * resolvers in place; fields without paging arguments are left alone (no cost on them).
 */
export function reportPagingRefusals(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((arg) => PAGING_ARGUMENTS.has(arg.name))) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        let result: unknown;
        try {
          result = resolve(source, args, context, info);
        } catch (error) {
          throw asUserInput(error);
        }
        return result instanceof Promise ? result.catch(rethrowAsUserInput) : result;
      };
    }
  }
}

function rethrowAsUserInput(error: unknown): never {
  throw asUserInput(error);
}

function asUserInput(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.kind !== 'invalid_request') return error;
  return new GraphQLError(error.message, {
    extensions: {
      code: 'BAD_USER_INPUT',
      type: error.code,
      ...(error.field ? { field: error.field } : {}),
    },
  });
}
