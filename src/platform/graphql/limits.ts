import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
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
import { LRUCache } from 'lru-cache';
import { CostAnalysis } from './cost.ts';

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

/** One operation as a client sends it (HTTP body or query string, graphql-ws `subscribe` payload). */
export interface OperationRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * Checks an operation against the limits before anything else looks at it: its bracket nesting (token by token,
 * before the recursive parser runs), its size in tokens (while parsing), its depth, aliases and directives
 * (graphql-armor's rules) and its cost as the SDL declares it (`@cost`, `@listSize`: cost.ts, the one cost the
 * budget charges too), in which a connection's `first` (or `last`) multiplies the cost of what it selects. A
 * refused operation is answered with one GraphQLError whose
 * `extensions.code` names the limit (MAX_NESTING_EXCEEDED, MAX_TOKENS_EXCEEDED, MAX_DEPTH_EXCEEDED,
 * MAX_ALIASES_EXCEEDED, MAX_DIRECTIVES_EXCEEDED, MAX_COST_EXCEEDED), over HTTP and
 * WebSocket alike, before any resolver runs. Documents that pass the static checks are remembered (LRU), and so
 * an operation's cost when it cannot depend on the variables (no slicing argument such as `first`, `@skip` or
 * `@include` takes one): a dashboard's repeated query then costs one lookup.
 */
export class OperationLimits {
  readonly #schema: GraphQLSchema;
  readonly #limits: GraphQLLimits;
  readonly #rules: [ValidationRule, string][];
  readonly #cost: CostAnalysis;
  readonly #checked = new LRUCache<string, CheckedDocument | GraphQLError>({ max: 1000 });

  constructor(schema: GraphQLSchema, limits: GraphQLLimits) {
    this.#schema = schema;
    this.#limits = limits;
    this.#cost = new CostAnalysis(schema);
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
    const cost = this.requestedCost(request);
    if (cost instanceof GraphQLError) return cost;
    if (cost === null || cost <= this.#limits.maxCost) return null;
    return refusal(
      'MAX_COST_EXCEEDED',
      `The operation costs ${cost}, more than the limit of ${this.#limits.maxCost}: ask for fewer items (first) or fields`,
      { cost, maxCost: this.#limits.maxCost },
    );
  }

  /**
   * The operation's requested cost (cost.ts) with the request's variables, or its refusal by a static limit;
   * null when it is no document, or its operation or variables are invalid (execution reports those).
   */
  requestedCost(request: OperationRequest): number | GraphQLError | null {
    if (typeof request.query !== 'string') return null;
    const checked = this.#staticCheck(request.query);
    if (checked instanceof GraphQLError || !checked) return checked;
    const operation = typeof request.operationName === 'string' ? `name:${request.operationName}` : 'none';
    const known = checked.costs?.get(operation);
    if (known !== undefined) return known;
    const cost = this.#cost.requested(
      checked.document,
      typeof request.operationName === 'string' ? request.operationName : undefined,
      request.variables,
    );
    // Only a valid operation's cost is remembered: an invalid one is still execution's to report.
    if (cost !== null) checked.costs?.set(operation, cost);
    return cost;
  }

  /** The cost analysis the limits use (the budget charges what it finds: one source of truth). */
  get costAnalysis(): CostAnalysis {
    return this.#cost;
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
      costs: costDependsOnVariables(document, this.#cost.slicingArguments) ? null : new Map(),
    };
    this.#checked.set(query, checked);
    return checked;
  }
}

/** A document that passed the static checks, and the costs of the operations in it. */
interface CheckedDocument {
  readonly document: DocumentNode;
  /** Each operation's cost (by name), whatever the variables; null when the variables may change the cost. */
  readonly costs: Map<string, number> | null;
}

/**
 * Whether the variables can change the document's cost (cost.ts): a slicing argument (`first`, `last`), or a
 * `@skip` / `@include` condition, given by a variable. Any other variable (an id, a filter) changes what is
 * read, never how much.
 */
export function costDependsOnVariables(
  document: DocumentNode,
  slicingArguments: ReadonlySet<string> = new Set(['first', 'last']),
): boolean {
  let depends = false;
  visit(document, {
    Argument(node) {
      if (!slicingArguments.has(node.name.value)) return;
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
