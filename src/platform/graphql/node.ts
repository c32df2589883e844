import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { refusalReason, requirementOf } from './authorization.ts';
import type { GraphQLContext } from './context.ts';

/**
 * Object identification (Relay's `Node`): `node(id:)` and `nodes(ids:)` find any object of the caller's project
 * by its uuid, whatever its type. Each module registers its types (GatewayModule `nodeTypes`, one line each);
 * a request asks every registered type for the ids at once (one read per type, however many ids) and answers
 * with the object found, or null (unknown id, another project's object, not a uuid). A type guarded like its own
 * list query (`access`) is not even read for a caller that query refuses: its ids answer null, like missing ones.
 */
export interface NodeType<Context extends GraphQLContext = GraphQLContext> {
  /** The GraphQL type that implements `Node`, e.g. `Order`. */
  readonly typename: string;
  /**
   * The `Query` field whose `@requires` also guards this type's nodes (e.g. `apiKeys` for `ApiKey`): a caller
   * that field refuses gets null for every id of the type, exactly as for a missing one. Absent: any caller of
   * the project.
   */
  readonly access?: string;
  /**
   * The caller's objects among `ids` (uuids), by id, as that type's resolvers expect their parent; leave out
   * what is not found. `info` is the `node`/`nodes` field's, to read only what the query selects.
   */
  load(
    context: Context,
    ids: readonly string[],
    info: GraphQLResolveInfo,
  ): Promise<ReadonlyMap<string, object>>;
}

/**
 * Most ids one `nodes` call may ask for: a larger ask is refused before any read. The cost analysis counts each
 * id up to this many (cost.ts SIZED_BY_LIST_ARGUMENT, MAX_LIST_SIZE), and the SDL's `@listSize(assumedSize:)`.
 */
export const MAX_NODE_IDS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `Query.node`, `Query.nodes` and `Node.__resolveType` over the registered types. */
export function nodeResolvers(types: readonly NodeType[]) {
  /** Which type each object handed out is (objects are the types' own parent values). */
  const typenames = new WeakMap<object, string>();

  async function find(context: GraphQLContext, ids: readonly string[], info: GraphQLResolveInfo) {
    const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
    const readable = wanted.length ? types.filter((type) => mayRead(type, context, info)) : [];
    const found = await Promise.all(
      readable.map(async (type) => ({ type, objects: await type.load(context, wanted, info) })),
    );
    return ids.map((id) => {
      for (const { type, objects } of found) {
        const object = objects.get(id.toLowerCase());
        if (object) {
          typenames.set(object, type.typename);
          return object;
        }
      }
      return null;
    });
  }

  return {
    Query: {
      node: async (
        _parent: unknown,
        { id }: { id: string },
        context: GraphQLContext,
        info: GraphQLResolveInfo,
      ) => (await find(context, [id], info))[0],
      nodes: (
        _parent: unknown,
        { ids }: { ids: string[] },
        context: GraphQLContext,
        info: GraphQLResolveInfo,
      ) => {
        if (ids.length > MAX_NODE_IDS) {
          throw new GraphQLError(`ids: at most ${MAX_NODE_IDS} ids per call, got ${ids.length}`, {
            extensions: { code: 'BAD_USER_INPUT', type: 'invalid_request', field: 'ids' },
          });
        }
        return find(context, ids, info);
      },
    },
    Node: {
      __resolveType: (object: object) => typenames.get(object) ?? null,
    },
  };
}

/** Whether the caller passes the `@requires` of the type's `access` field (the same rule as that query). */
function mayRead(type: NodeType, context: GraphQLContext, info: GraphQLResolveInfo): boolean {
  if (!type.access) return true;
  const field = info.schema.getQueryType()?.getFields()[type.access];
  if (!field) throw new Error(`node type ${type.typename}: Query.${type.access} does not exist`);
  const requirement = requirementOf(field);
  return !requirement || refusalReason(context.actor, requirement) === null;
}
