import {
  type ArgumentNode,
  type FieldNode,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type ValueNode,
} from 'graphql';
import { containsCardNumber } from '../security/card-numbers.ts';
import type { UserErrorShape } from './user-errors.ts';

export const CARD_NUMBER_IN_DOCUMENT = 'card_number_in_document';

/**
 * Card numbers belong in variables, never in a GraphQL document: the document is text that travels and is
 * kept where variables are not (caches, traces, the idempotency fingerprint's input). A mutation whose
 * arguments hold a string literal with a card number in it (12-19 digits passing Luhn) is refused before its
 * resolver runs, with a userError telling the caller to use variables. Applied to every mutation of the
 * schema, over HTTP and WebSocket alike.
 */
export function refuseCardNumbersInDocuments(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  for (const field of Object.values(mutation?.getFields() ?? {})) {
    const resolve = field.resolve as GraphQLFieldResolver<unknown, unknown> | undefined;
    if (!resolve) continue;
    field.resolve = (source, args, context, info) => {
      const where = inlineCardNumber(info.fieldNodes[0]!);
      return where === undefined ? resolve(source, args, context, info) : refusal(info, where);
    };
  }
  return schema;
}

/** The input path of the first string literal holding a card number, or undefined when there is none. */
export function inlineCardNumber(node: FieldNode): string | null | undefined {
  for (const argument of node.arguments ?? []) {
    const found = findInValue(argument.value, []);
    if (found) return pathOf(argument, found);
  }
  return undefined;
}

// The parser bounds the nesting of a document's literals (and graphql-armor its size), so recursion is safe here.
function findInValue(value: ValueNode, path: string[]): string[] | null {
  switch (value.kind) {
    case Kind.STRING:
      return containsCardNumber(value.value) ? path : null;
    case Kind.LIST:
      for (const [index, item] of value.values.entries()) {
        const found = findInValue(item, [...path, String(index)]);
        if (found) return found;
      }
      return null;
    case Kind.OBJECT:
      for (const field of value.fields) {
        const found = findInValue(field.value, [...path, field.name.value]);
        if (found) return found;
      }
      return null;
    default:
      return null;
  }
}

/** `input.pan` is `pan` (the userErrors convention); a plain argument keeps its name. */
function pathOf(argument: ArgumentNode, inside: string[]): string | null {
  const path = argument.name.value === 'input' ? inside : [argument.name.value, ...inside];
  return path.length ? path.join('.') : null;
}

function refusal(info: GraphQLResolveInfo, field: string | null): object {
  const message = `${field ? `${field}: ` : ''}card numbers must not be written into the GraphQL document; send them in variables`;
  const payload = getNamedType(info.returnType);
  if (!isObjectType(payload) || !payload.getFields().userErrors) {
    throw new GraphQLError(message, {
      extensions: { code: 'BAD_USER_INPUT', type: CARD_NUMBER_IN_DOCUMENT },
    });
  }
  const userError: UserErrorShape = {
    field,
    code: CARD_NUMBER_IN_DOCUMENT,
    problem: CARD_NUMBER_IN_DOCUMENT,
    message,
  };
  const empty = Object.fromEntries(Object.keys(payload.getFields()).map((name) => [name, null]));
  return { ...empty, userErrors: [userError] };
}
