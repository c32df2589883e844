import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFilesSync } from '@graphql-tools/load-files';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { DateTimeResolver, JSONObjectResolver, SafeIntResolver } from 'graphql-scalars';
import { refuseCardNumbersInDocuments } from './card-literals.ts';

const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema');

/**
 * Builds the executable schema from the SDL files (the source of truth) and the modules' resolvers, which each
 * module types with the generated `Resolvers` (src/generated/graphql.ts).
 */
export function buildSchema(moduleResolvers: readonly object[]): GraphQLSchema {
  const typeDefs = mergeTypeDefs(loadFilesSync(SCHEMA_DIR, { extensions: ['graphql'], recursive: true }));
  const scalars = {
    DateTime: DateTimeResolver,
    JSONObject: JSONObjectResolver,
    SafeInt: SafeIntResolver,
  };
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: mergeResolvers([scalars, ...moduleResolvers] as never[]),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return refuseCardNumbersInDocuments(schema);
}
