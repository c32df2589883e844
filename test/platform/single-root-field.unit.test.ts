import { buildSchema, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { singleRootField } from '../../src/platform/graphql/single-root-field.ts';

const schema = buildSchema(`
  type Query { order(id: ID!): Order  other: Int }
  type Mutation { cancel(id: ID!): Order }
  type Order { id: ID!  status: String  secret: String  lines: [Line!]! }
  type Line { name: String }
`);
const allowed = (type: string, field: string) => `${type}.${field}` !== 'Order.secret';

/** The arguments' names and values as written, or null: what singleRootField answers for `source`. */
function rootOf(source: string, operationName?: string) {
  const document = parse(source);
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operations.find((o) => o.name?.value === operationName) ?? operations[0]!;
  const root = singleRootField(schema, document, operation, 'order', allowed);
  return (
    root?.map((argument) => [
      argument.name.value,
      argument.value.kind === Kind.VARIABLE ? `$${argument.value.name.value}` : argument.value,
    ]) ?? null
  );
}

describe('the one root field of a query that selects only allowed fields', () => {
  it('is found with its arguments as written, through fragments, aliases and __typename', () => {
    expect(rootOf('query($id: ID!) { order(id: $id) { id lines { name } } }')).toEqual([['id', '$id']]);
    expect(
      rootOf(`query { __typename mine: order(id: "a") { ...O ... on Order { status } } }
              fragment O on Order { __typename id lines { __typename name } }`),
    ).toEqual([['id', expect.objectContaining({ kind: Kind.STRING, value: 'a' })]]);
  });

  it('is not found when any field the document selects is not allowed, wherever it is', () => {
    expect(rootOf('{ order(id: "a") { id secret } }')).toBeNull();
    expect(rootOf('{ order(id: "a") { ...O } } fragment O on Order { secret }')).toBeNull();
    expect(rootOf('{ order(id: "a") { ... on Order { secret } } }')).toBeNull();
    // A fragment no operation spreads still counts: the document as a whole is looked at.
    expect(rootOf('{ order(id: "a") { id } } fragment Unused on Order { secret }')).toBeNull();
  });

  it('is not found for more than one root field, a fragment at the root, introspection, or another root field', () => {
    expect(rootOf('{ order(id: "a") { id } other }')).toBeNull();
    expect(rootOf('{ a: order(id: "a") { id } b: order(id: "b") { id } }')).toBeNull();
    expect(rootOf('{ ...Root } fragment Root on Query { order(id: "a") { id } }')).toBeNull();
    expect(rootOf('{ order(id: "a") { id } __schema { queryType { name } } }')).toBeNull();
    expect(rootOf('{ other }')).toBeNull();
  });

  it('is not found in a mutation, nor in a document whose other operation is one', () => {
    expect(rootOf('mutation { cancel(id: "a") { id } }')).toBeNull();
    expect(
      rootOf('query Read { order(id: "a") { id } } mutation Write { cancel(id: "a") { id } }', 'Read'),
    ).toBeNull();
  });
});
