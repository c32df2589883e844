import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  parse,
  type ValidationRule,
  validate,
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

/** A connection without `first` costs its default page of this many nodes. */
const DEFAULT_PAGE = 20;

/** One operation as a client sends it (HTTP body or query string, graphql-ws `subscribe` payload). */
export interface OperationRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * Checks an operation against the limits before anything else looks at it: its size in tokens (while
 * parsing), its depth, aliases and directives (graphql-armor's rules) and its cost (graphql-query-complexity),
 * in which a connection's `first` (or `last`) multiplies the cost of what it selects. A refused operation is
 * answered with one GraphQLError whose `extensions.code` names the limit (MAX_TOKENS_EXCEEDED,
 * MAX_DEPTH_EXCEEDED, MAX_ALIASES_EXCEEDED, MAX_DIRECTIVES_EXCEEDED, MAX_COST_EXCEEDED), over HTTP and
 * WebSocket alike, before any resolver runs. Documents that pass the static checks are remembered (LRU), so a
 * dashboard's repeated query costs a lookup and the cost sum.
 */
export class OperationLimits {
  readonly #schema: GraphQLSchema;
  readonly #limits: GraphQLLimits;
  readonly #rules: [ValidationRule, string][];
  readonly #checked = new LRUCache<string, DocumentNode | GraphQLError>({ max: 1000 });

  constructor(schema: GraphQLSchema, limits: GraphQLLimits) {
    this.#schema = schema;
    this.#limits = limits;
    const reject = { exposeLimits: true, propagateOnRejection: false };
    this.#rules = [
      [maxDepthRule({ n: limits.maxDepth, ...reject, onReject: [reporter] }), 'MAX_DEPTH_EXCEEDED'],
      [maxAliasesRule({ n: limits.maxAliases, ...reject, onReject: [reporter] }), 'MAX_ALIASES_EXCEEDED'],
      [
        maxDirectivesRule({ n: limits.maxDirectives, ...reject, onReject: [reporter] }),
        'MAX_DIRECTIVES_EXCEEDED',
      ],
    ];
  }

  /** The refusal, or null when the operation is within every limit (or is not a document: Apollo answers that). */
  check(request: OperationRequest): GraphQLError | null {
    if (typeof request.query !== 'string') return null;
    const document = this.#staticCheck(request.query);
    if (document instanceof GraphQLError) return document;
    if (!document) return null;
    return this.#costCheck(document, request);
  }

  #staticCheck(query: string): DocumentNode | GraphQLError | null {
    const known = this.#checked.get(query);
    if (known) return known;
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.#limits.maxTokens, noLocation: true });
    } catch (error) {
      if (error instanceof GraphQLError && /more tha[nt] \d+ tokens/.test(error.message)) {
        return refusal('MAX_TOKENS_EXCEEDED', `The document has more than ${this.#limits.maxTokens} tokens`);
      }
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
    this.#checked.set(query, document);
    return document;
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

function reporter(context: { reportError(error: GraphQLError): void } | null, error: GraphQLError): void {
  context?.reportError(error);
}

function refusal(code: string, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
