import type { ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Deps } from '../deps.ts';

/**
 * An `Idempotency-Key` names ONE operation: the ids of what it creates derive from the key, and the key keeps one
 * recovery point and one answer. A document with two mutation fields under one key (`a: refundOrder(…) b:
 * refundOrder(…)`) made the second refund with the first's ids and failed, and its retry answered the first's
 * refund for both. Such a request is refused before anything runs (400): send one mutation per key, or no key.
 */
export function oneMutationPerKey<
  Context extends { deps?: Pick<Deps, 'operation'> },
>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      if (!contextValue.deps?.operation) return;
      return {
        async didResolveOperation({ operation, document }) {
          if (operation?.operation !== 'mutation' || mutationFieldCount(document, operation) <= 1) return;
          throw new GraphQLError(
            'An Idempotency-Key covers one mutation: send each mutation field in a request of its own (its own key)',
            { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
          );
        },
      };
    },
  };
}

/** The root fields the operation selects (`__typename` aside), its fragments followed. */
export function mutationFieldCount(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const seen = new Set<string>();
  const count = (selectionSet: SelectionSetNode): number => {
    let fields = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== '__typename') fields += 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        fields += count(selection.selectionSet);
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) fields += count(fragment.selectionSet);
      }
    }
    return fields;
  };
  return count(operation.selectionSet);
}
