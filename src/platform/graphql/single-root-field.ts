import {
  type ArgumentNode,
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';

/**
 * The arguments (as written: literals or variables) of `operation`'s one root field, when it is a query that
 * selects `rootField` and nothing else at its root (besides `__typename`), written as a field (no fragment at the
 * root), and whose document selects, anywhere, only fields `allowed` by their type and name; otherwise null. The whole document is looked at, its other operations and
 * fragments included, so what is allowed holds whatever part of it runs; no mutation or subscription field is. Introspection (`__schema`, `__type`)
 * is never allowed. Lets a plugin recognise the operations whose answer depends on one object and nothing else.
 */
export function singleRootField(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rootField: string,
  allowed: (typeName: string, fieldName: string) => boolean,
): readonly ArgumentNode[] | null {
  if (operation.operation !== 'query') return null;
  let root: ArgumentNode[] | null = null;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    if (selection.name.value === '__typename') continue;
    if (selection.name.value !== rootField || root) return null;
    root = [...(selection.arguments ?? [])];
  }
  if (!root) return null;
  const queryType = schema.getQueryType()?.name;
  const otherRoots = new Set([schema.getMutationType()?.name, schema.getSubscriptionType()?.name]);
  let refused = false;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const name = node.name.value;
        if (name === '__typename') return;
        const parent = typeInfo.getParentType()?.name;
        const fine =
          parent === queryType
            ? name === rootField
            : parent !== undefined && !otherRoots.has(parent) && allowed(parent, name);
        if (!fine || name.startsWith('__')) refused = true;
      },
    }),
  );
  return refused ? null : root;
}
