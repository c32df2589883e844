import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  Lexer,
  parse,
  Source,
  TokenKind,
  type ValidationRule,
  type ValueNode,
  validate,
  visit,
} from 'graphql';
import { type ComplexityEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';

/** The limits every GraphQL operation is held to (configuration: GRAPHQL_MAX_*). */
export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxDirectives: number;
  maxCost: number;
}

/**
 * Most levels of brackets (`{`, `[`, `(`) a document may nest. graphql-js parses (and validates, and prints) by
 * recursion, so a document nested thousands of levels deep would overflow the call stack; no real operation
 * comes near this (selections stop at GRAPHQL_MAX_DEPTH, at most 100).
 */
export const MAX_NESTING = 128;

/** A connection without `first` costs its default page of this many nodes. */
const DEFAULT_PAGE = 20;

/** One operation as a client sends it (HTTP body or query string, graphql-ws `subscribe` payload). */
export interface OperationRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * Checks an operation against the limits before anything else looks at it: its bracket nesting (token by token,
 * before the recursive parser runs), its size in tokens (while parsing), its depth, aliases and directives
 * (graphql-armor's rules) and its cost (graphql-query-complexity), in which a connection's `first` (or `last`)
 * multiplies the cost of what it selects. A refused operation is answered with one GraphQLError whose
 * `extensions.code` names the limit (MAX_NESTING_EXCEEDED, MAX_TOKENS_EXCEEDED, MAX_DEPTH_EXCEEDED,
 * MAX_ALIASES_EXCEEDED, MAX_DIRECTIVES_EXCEEDED, MAX_COST_EXCEEDED), over HTTP and
 * WebSocket alike, before any resolver runs. Documents that pass the static checks are remembered (LRU), and so
 * is an operation found within the cost limit when its cost cannot depend on the variables (no `first`, `last`,
 * `@skip` or `@include` takes one): a dashboard's repeated query then costs one lookup.
 */
export class OperationLimits {
  readonly #schema: GraphQLSchema;
  readonly #limits: GraphQLLimits;
  readonly #rules: [ValidationRule, string][];
  readonly #checked = new LRUCache<string, CheckedDocument | GraphQLError>({ max: 1000 });

  constructor(schema: GraphQLSchema, limits: GraphQLLimits) {
    this.#schema = schema;
    this.#limits = limits;
    const reject = { exposeLimits: true, propagateOnRejection: false };
    this.#rules = [
      [maxDepthRule({ n: limits.maxDepth, ...reject, onReject: [reporter] }), 'MAX_DEPTH_EXCEEDED'],
      // Every alias counts, `__typename`'s too (graphql-armor allows those by default: 500 of them passed).
      [
        maxAliasesRule({ n: limits.maxAliases, allowList: [], ...reject, onReject: [reporter] }),
        'MAX_ALIASES_EXCEEDED',
      ],
      [
        maxDirectivesRule({ n: limits.maxDirectives, ...reject, onReject: [reporter] }),
        'MAX_DIRECTIVES_EXCEEDED',
      ],
    ];
  }

  /** The refusal, or null when the operation is within every limit (or is not a document: Apollo answers that). */
  check(request: OperationRequest): GraphQLError | null {
    if (typeof request.query !== 'string') return null;
    const checked = this.#staticCheck(request.query);
    if (checked instanceof GraphQLError) return checked;
    if (!checked) return null;
    const operation = typeof request.operationName === 'string' ? `name:${request.operationName}` : 'none';
    if (checked.withinCost?.has(operation)) return null;
    const refused = this.#costCheck(checked.document, request);
    // Only a verdict of "within the limit" is remembered: a refusal is still held to the variables' validity
    // (bad variables are execution's to report, see #costCheck), and it is not what a dashboard repeats.
    if (!refused) checked.withinCost?.add(operation);
    return refused;
  }

  #staticCheck(query: string): CheckedDocument | GraphQLError | null {
    const known = this.#checked.get(query);
    if (known) return known;
    if (nestsDeeperThan(query, MAX_NESTING, this.#limits.maxTokens)) return tooDeep();
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.#limits.maxTokens, noLocation: true });
    } catch (error) {
      if (error instanceof GraphQLError && /more tha[nt] \d+ tokens/.test(error.message)) {
        return refusal('MAX_TOKENS_EXCEEDED', `The document has more than ${this.#limits.maxTokens} tokens`);
      }
      if (error instanceof RangeError) return tooDeep(); // the stack ran out all the same
      return null; // a syntax error: Apollo (or graphql-ws) reports it as usual
    }
    for (const [rule, code] of this.#rules) {
      const [error] = validate(this.#schema, document, [rule]);
      if (error) {
        const refused = refusal(code, error.message.replace(/^Syntax Error: /, ''));
        this.#checked.set(query, refused);
        return refused;
      }
    }
    const checked: CheckedDocument = {
      document,
      withinCost: costDependsOnVariables(document) ? null : new Set(),
    };
    this.#checked.set(query, checked);
    return checked;
  }

  #costCheck(document: DocumentNode, request: OperationRequest): GraphQLError | null {
    let cost: number;
    try {
      cost = getComplexity({
        schema: this.#schema,
        query: document,
        variables: isObject(request.variables) ? request.variables : {},
        operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
        estimators: [connectionEstimator, simpleEstimator({ defaultComplexity: 1 })],
      });
    } catch {
      return null; // bad variables or operation name: execution reports them
    }
    if (cost <= this.#limits.maxCost) return null;
    return refusal(
      'MAX_COST_EXCEEDED',
      `The operation costs ${cost}, more than the limit of ${this.#limits.maxCost}: ask for fewer items (first) or fields`,
      { cost, maxCost: this.#limits.maxCost },
    );
  }
}

/** A document that passed the static checks, and the operations in it found within the cost limit. */
interface CheckedDocument {
  readonly document: DocumentNode;
  /** Operations (by name) within the cost whatever the variables; null when the variables may change the cost. */
  readonly withinCost: Set<string> | null;
}

/**
 * Whether the variables can change the document's cost (connectionEstimator below): a `first` or `last`
 * argument, or a `@skip` / `@include` condition, given by a variable. Any other variable (an id, a filter)
 * changes what is read, never how much.
 */
export function costDependsOnVariables(document: DocumentNode): boolean {
  let depends = false;
  visit(document, {
    Argument(node) {
      if (node.name.value !== 'first' && node.name.value !== 'last') return;
      if (usesVariable(node.value)) depends = true;
    },
    Directive(node) {
      if (node.name.value !== 'skip' && node.name.value !== 'include') return;
      if (node.arguments?.some((argument) => usesVariable(argument.value))) depends = true;
    },
  });
  return depends;
}

function usesVariable(value: ValueNode): boolean {
  switch (value.kind) {
    case Kind.VARIABLE:
      return true;
    case Kind.LIST:
      return value.values.some(usesVariable);
    case Kind.OBJECT:
      return value.fields.some((field) => usesVariable(field.value));
    default:
      return false;
  }
}

/**
 * Each field costs 1; a connection's selection counts `first` (or `last`, default 20) times, at most
 * MAX_CONNECTION_PAGE times: no connection serves more per page, and a larger ask is refused by the field itself
 * with a message that names the argument (better than a cost refusal for the same mistake).
 */
const MAX_CONNECTION_PAGE = 100;

const connectionEstimator: ComplexityEstimator = ({ args, childComplexity, field }) => {
  const named = getNamedType(field.type);
  const isConnection = isObjectType(named) && named.name.endsWith('Connection');
  const requested =
    typeof args.first === 'number' ? args.first : typeof args.last === 'number' ? args.last : null;
  if (requested === null && !isConnection) return undefined;
  return 1 + childComplexity * Math.min(MAX_CONNECTION_PAGE, Math.max(1, requested ?? DEFAULT_PAGE));
};

/**
 * Whether the document's brackets nest deeper than `limit`, read with graphql-js's own lexer (strings, block
 * strings and comments as the parser reads them), one token at a time without recursion. Stops after
 * `maxTokens` tokens (the parser's token limit answers those documents) or at a syntax error (the parser
 * reports it).
 */
export function nestsDeeperThan(query: string, limit: number, maxTokens: number): boolean {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    for (let tokens = 0; tokens <= maxTokens; tokens++) {
      switch (lexer.advance().kind) {
        case TokenKind.EOF:
          return false;
        case TokenKind.BRACE_L:
        case TokenKind.BRACKET_L:
        case TokenKind.PAREN_L:
          depth += 1;
          if (depth > limit) return true;
          break;
        case TokenKind.BRACE_R:
        case TokenKind.BRACKET_R:
        case TokenKind.PAREN_R:
          depth -= 1;
          break;
      }
    }
  } catch {
    return false;
  }
  return false;
}

function tooDeep(): GraphQLError {
  return refusal(
    'MAX_NESTING_EXCEEDED',
    `The document nests too deeply: more than ${MAX_NESTING} levels of brackets`,
  );
}

function reporter(context: { reportError(error: GraphQLError): void } | null, error: GraphQLError): void {
  context?.reportError(error);
}

function refusal(code: string, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
