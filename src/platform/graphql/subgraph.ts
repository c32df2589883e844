import { buildSubgraphSchema } from '@apollo/subgraph';
import DataLoader from 'dataloader';
import { type DocumentNode, type GraphQLResolveInfo, type GraphQLSchema, isObjectType } from 'graphql';
import type { GraphQLContext } from './context.ts';
import type { NodeType } from './node.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The SDL as an Apollo Federation 2 subgraph (`@apollo/subgraph`): the schema gains `_service { sdl }` and
 * `_entities(representations:)`, and every type with `@key(fields: "id")` resolves a gateway's reference
 * `{ __typename, id }` through its loader (`entities`, by typename: the modules' node types and entity types).
 * A request's references to one type are loaded together, in one call of the loader (a DataLoader per request
 * and type, over the modules' own loaders), within the caller's project: another project's id, an unknown id
 * and a malformed one resolve to null, exactly as with `node(id:)`. A `@key` type without a loader fails at start.
 */
export function buildSubgraph(typeDefs: DocumentNode, entities: readonly NodeType[]): GraphQLSchema {
  const schema = buildSubgraphSchema({ typeDefs });
  const loaders = new Map(entities.map((entity) => [entity.typename, entity]));
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.astNode?.directives?.some((d) => d.name.value === 'key')) continue;
    const entity = loaders.get(type.name);
    if (!entity) throw new Error(`type ${type.name} has @key but no module registers a loader for it`);
    // Where @apollo/subgraph's `_entities` looks for a type's reference resolver.
    const extensions = type.extensions as { apollo?: { subgraph?: object } };
    (type as { extensions: object }).extensions = {
      ...extensions,
      apollo: {
        ...extensions.apollo,
        subgraph: { ...extensions.apollo?.subgraph, resolveReference: referenceResolver(entity) },
      },
    };
  }
  return schema;
}

function referenceResolver(entity: NodeType) {
  return (reference: { id?: unknown }, context: GraphQLContext, info: GraphQLResolveInfo) => {
    const id = typeof reference.id === 'string' ? reference.id : null;
    if (!id || !UUID.test(id)) return null;
    return entityLoader(entity, context, info).load(id.toLowerCase());
  };
}

/** The request's loader of one entity type: every reference to it in one `_entities` call is one load. */
function entityLoader(
  entity: NodeType,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
): DataLoader<string, object | null> {
  const key = `federation.entities:${entity.typename}`;
  const existing = context.loaders.get(key);
  if (existing) return existing as DataLoader<string, object | null>;
  const loader = new DataLoader<string, object | null>(async (ids) => {
    const found = await entity.load(context, ids, info);
    return ids.map((id) => found.get(id) ?? null);
  });
  context.loaders.set(key, loader);
  return loader;
}
