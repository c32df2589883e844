import {
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

/** A literal of the type that passes GraphQL's own coercion (never a valid business input). */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return `[${literal(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return `{${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(', ')}}`;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'SafeInt':
      case 'Float':
        return '1';
      case 'Boolean':
        return 'false';
      case 'DateTime':
        return '"2026-01-01T00:00:00.000Z"';
      case 'JSONObject':
        return '{}';
      case 'ID':
        return `"${SAMPLE_UUID}"`;
      default:
        return '"x"';
    }
  }
  throw new Error(`no literal for ${String(type)}`);
}

function argumentsOf(args: readonly GraphQLArgument[]): string {
  const required = args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  return required.length ? `(${required.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(', ')})` : '';
}

/**
 * One document per root field of `operation`, with every required argument filled in and the smallest
 * selection (`userErrors { code }` when the payload has it, else `__typename`): enough to reach the field.
 */
export function minimalOperations(
  schema: GraphQLSchema,
  operation: 'query' | 'mutation',
): { field: string; document: string; hasUserErrors: boolean }[] {
  const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(root!.getFields()).map((field) => {
    const type = getNamedType(field.type);
    const hasUserErrors = isObjectType(type) && 'userErrors' in type.getFields();
    const selection = hasUserErrors
      ? ' { userErrors { field code message } }'
      : isObjectType(type)
        ? ' { __typename }'
        : '';
    return {
      field: field.name,
      document: `${operation} { ${field.name}${argumentsOf(field.args)}${selection} }`,
      hasUserErrors,
    };
  });
}
