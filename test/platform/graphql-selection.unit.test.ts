import {
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { selectsPath } from '../../src/platform/graphql/selection.ts';

/** The resolve info of the operation's first root field, as far as selectsPath reads it. */
function infoFor(document: string): GraphQLResolveInfo {
  const parsed = parse(document);
  const operation = parsed.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    parsed.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const root = operation.selectionSet.selections[0];
  return { fieldNodes: [root], fragments } as unknown as GraphQLResolveInfo;
}

describe('what a query selects below a field', () => {
  it('follows a path of fields', () => {
    const info = infoFor('{ order(id: 1) { id transactions { id events { id } } } }');
    expect(selectsPath(info, ['transactions'])).toBe(true);
    expect(selectsPath(info, ['transactions', 'events'])).toBe(true);
    expect(selectsPath(info, ['relatedOrderIds'])).toBe(false);
    expect(selectsPath(info, ['events'])).toBe(false);
  });

  it('looks through aliases, named fragments and inline fragments', () => {
    const info = infoFor(`{ order(id: 1) { ...A } }
      fragment A on Order { history: transactions { ... on Transaction { ...B } } }
      fragment B on Transaction { events { id } }`);
    expect(selectsPath(info, ['transactions', 'events'])).toBe(true);
    expect(selectsPath(info, ['history'])).toBe(false);
  });

  it('is false for a field whose subfield is not selected', () => {
    const info = infoFor('{ orders { edges { cursor } } }');
    expect(selectsPath(info, ['edges', 'node', 'transactions'])).toBe(false);
    expect(selectsPath(info, ['edges', 'cursor'])).toBe(true);
  });
});
