import { defaultFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';
import type { Deps } from '../deps.ts';

/**
 * The SDL's `@shownOnce` fields (an API key's secret, a generated password, a one-time link, a signing secret)
 * seal the answer that holds them: resolving one marks the request's Idempotency-Key operation, and the answer
 * stored for its replays is kept sealed (platform/http/stored-answer-seal.ts), never in clear. Declared in the
 * schema, so a new credential field needs the directive, not code in its resolver. Changes the schema in place.
 */
export function sealAnswersShowingCredentials(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.astNode?.directives?.some((directive) => directive.name.value === 'shownOnce')) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        (context as { deps?: Pick<Deps, 'operation'> } | undefined)?.deps?.operation?.sealAnswer();
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
