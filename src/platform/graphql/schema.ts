import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFilesSync } from '@graphql-tools/load-files';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { addResolversToSchema, makeExecutableSchema } from '@graphql-tools/schema';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { JSONObjectResolver, SafeIntResolver } from 'graphql-scalars';
import { refuseCardNumbersInDocuments } from './card-literals.ts';
import { BoundedDateTime } from './date-time.ts';
import type { NodeType } from './node.ts';
import { sealAnswersShowingCredentials } from './shown-once.ts';
import { buildSubgraph } from './subgraph.ts';

const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema');

let typeDefs: DocumentNode | undefined;

/**
 * The SDL files under schema/ (the source of truth), merged as one document (`extend type` included). Read once
 * per process: each app builds two schemas from it (`/graphql` and the subgraph), and a test worker builds an app
 * per test file; graphql-js never changes a document it is given.
 */
export function loadTypeDefs(): DocumentNode {
  typeDefs ??= mergeTypeDefs(loadFilesSync(SCHEMA_DIR, { extensions: ['graphql'], recursive: true }));
  return typeDefs;
}

function allResolvers(moduleResolvers: readonly object[]) {
  const scalars = {
    DateTime: BoundedDateTime,
    JSONObject: JSONObjectResolver,
    SafeInt: SafeIntResolver,
  };
  return mergeResolvers([scalars, ...moduleResolvers] as never[]);
}

/**
 * Builds the executable schema of `/graphql` from the SDL files and the modules' resolvers, which each module
 * types with the generated `Resolvers` (src/generated/graphql.ts).
 */
export function buildSchema(moduleResolvers: readonly object[]): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: loadTypeDefs(),
    resolvers: allResolvers(moduleResolvers),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return sealAnswersShowingCredentials(refuseCardNumbersInDocuments(schema));
}

/**
 * The same SDL and resolvers as a Federation 2 subgraph (subgraph.ts): `/graphql`'s schema plus `_service` and
 * `_entities`, whose references resolve through `entities` (each `@key` type's loader).
 */
export function buildSubgraphSchema(
  moduleResolvers: readonly object[],
  entities: readonly NodeType[],
): GraphQLSchema {
  const schema = buildSubgraph(loadTypeDefs(), entities);
  addResolversToSchema({
    schema,
    resolvers: allResolvers(moduleResolvers),
    updateResolversInPlace: true,
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return sealAnswersShowingCredentials(refuseCardNumbersInDocuments(schema));
}
