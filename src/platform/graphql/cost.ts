import {
  type ConstDirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLNamedType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';

/** A list without `@listSize` counts this many items. */
export const DEFAULT_LIST_SIZE = 10;
/**
 * A slicing argument counts at most this many items: no list serves more per page, and a larger ask is refused
 * by the field itself with a message that names the argument (better than a cost refusal for the same mistake).
 */
export const MAX_LIST_SIZE = 100;
/** A mutation's root field costs this much without `@cost` (as Apollo Router's demand control counts it). */
export const MUTATION_WEIGHT = 10;

/**
 * Lists that answer one item per entry of a list argument, by field coordinate: Relay's `nodes(ids:)` answers
 * one object (or null) per id. `@listSize` slices by Int arguments only (IBM's specification; Federation's
 * composition refuses `slicingArguments: ["ids"]`), so the SDL declares the most ids a call may ask for
 * (`assumedSize`, what a router in front counts), and this analysis counts the ids actually given, at most
 * MAX_LIST_SIZE: without it, 100 ids with deep selections cost as the 10 items of an unsized list.
 */
export const SIZED_BY_LIST_ARGUMENT: ReadonlyMap<string, string> = new Map([['Query.nodes', 'ids']]);

/** What the SDL declares of one field's cost (`@cost`, `@listSize`), read once per field. */
interface DeclaredCost {
  /** Its own weight: `@cost` on the field, else on its type, else 1 for an object (10 on Mutation), 0 for a leaf. */
  weight: number;
  /** `@cost` of each argument, by name (counted when the document gives the argument). */
  argumentWeights: ReadonlyMap<string, number>;
  listSize: ListSize | null;
  /** The list argument whose length is the list's size (SIZED_BY_LIST_ARGUMENT), else null. */
  sizedBy: string | null;
  isList: boolean;
}

interface ListSize {
  assumedSize: number | null;
  slicingArguments: readonly string[];
  sizedFields: readonly string[];
}

interface Walk {
  /**
   * Walking a response: what ran is what it holds (a skipped field, another type's fragment are not there), so
   * no variable is needed. Estimating: the variables decide `@skip`, `@include` and the slicing arguments.
   */
  executed: boolean;
  variables: Record<string, unknown>;
  fragments: Record<string, FragmentDefinitionNode>;
  /** Fragments being walked (a cycle is invalid: validation reports it; the walk must not loop). */
  spreading: Set<string>;
}

/**
 * The cost of an operation as the SDL declares it, per IBM's GraphQL cost directive specification (the
 * directives as Federation 2.9 defines them, so Apollo Router's demand control reads the same numbers):
 *
 * - a field costs its weight (`@cost` on the field, else on its type; otherwise 1 for an object, interface or
 *   union, 0 for a scalar or enum, and 10 for a mutation's root field), plus the weights of the arguments the
 *   document gives it, plus what its selection costs;
 * - a list multiplies its items' cost by its size: the largest slicing argument given (`@listSize`'s
 *   `slicingArguments`, e.g. `first`, at most 100), else `assumedSize`, else 10; with `sizedFields` (a
 *   connection) the size applies to those fields of the result (`edges`) instead. A list that answers an item
 *   per entry of a list argument (SIZED_BY_LIST_ARGUMENT: `nodes(ids:)`) counts that argument's length.
 *
 * `requested` is that estimate before execution, with the request's variables (what the limits and the budget
 * hold an operation to); `actual` is the same sum over what the response holds, each list counted by its real
 * length (what the budget finally charges). Both are null when the operation or its variables are invalid:
 * execution reports those.
 */
export class CostAnalysis {
  readonly #schema: GraphQLSchema;
  readonly #declared = new WeakMap<GraphQLField<unknown, unknown>, DeclaredCost>();
  /**
   * Every argument some `@listSize` slices by (and every list argument that sizes a list): a variable given to
   * one of them can change the cost.
   */
  readonly slicingArguments: ReadonlySet<string>;

  constructor(schema: GraphQLSchema) {
    this.#schema = schema;
    const slicing = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        for (const name of listSizeOf(field)?.slicingArguments ?? []) slicing.add(name);
        const sizedBy = SIZED_BY_LIST_ARGUMENT.get(`${type.name}.${field.name}`);
        if (sizedBy) slicing.add(sizedBy);
      }
    }
    this.slicingArguments = slicing;
  }

  requested(document: DocumentNode, operationName: string | undefined, variables: unknown): number | null {
    return this.#cost(document, operationName, variables, NOT_EXECUTED);
  }

  actual(
    document: DocumentNode,
    operationName: string | undefined,
    variables: unknown,
    data: Record<string, unknown> | null | undefined,
  ): number | null {
    return this.#cost(document, operationName, variables, data ?? null);
  }

  #cost(
    document: DocumentNode,
    operationName: string | undefined,
    variables: unknown,
    data: unknown,
  ): number | null {
    const operation = getOperationAST(document, operationName);
    const root = operation && this.#schema.getRootType(operation.operation);
    if (!operation || !root) return null;
    const executed = data !== NOT_EXECUTED;
    let coerced: Record<string, unknown> = {};
    if (!executed) {
      const given = getVariableValues(
        this.#schema,
        operation.variableDefinitions ?? [],
        isRecord(variables) ? variables : {},
      );
      if (given.errors) return null;
      coerced = given.coerced;
    }
    const fragments: Walk['fragments'] = {};
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    try {
      const walk = { executed, variables: coerced, fragments, spreading: new Set<string>() };
      return this.#selection(root, operation.selectionSet, walk, data, null);
    } catch {
      return null; // an argument of the wrong type: validation or execution reports it
    }
  }

  /**
   * `value` is the response's object for this selection, or NOT_EXECUTED for the estimate. `collected`: the
   * fragments already spread into this selection's level, which graphql-js collects once however often they are
   * spread (`collectFields`). Walking each spread again made the walk exponential: four levels of 300 spreads,
   * 5.5 KB that pass every limit, took 4.7 s of CPU twice per request, the event loop blocked meanwhile.
   */
  #selection(
    parent: GraphQLCompositeType,
    selectionSet: SelectionSetNode,
    walk: Walk,
    value: unknown,
    sizes: ReadonlyMap<string, number> | null,
    collected: Set<string> = new Set(),
  ): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (!walk.executed && !included(selection.directives, walk.variables)) continue;
      if (selection.kind === Kind.FIELD) {
        total += this.#field(parent, selection, walk, value, sizes);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? this.#schema.getType(selection.typeCondition.name.value)
          : parent;
        if (type && isCompositeType(type))
          total += this.#selection(type, selection.selectionSet, walk, value, sizes, collected);
      } else {
        const name = selection.name.value;
        const fragment = walk.fragments[name];
        const type = fragment && this.#schema.getType(fragment.typeCondition.name.value);
        if (!fragment || !type || !isCompositeType(type) || walk.spreading.has(name) || collected.has(name))
          continue;
        collected.add(name);
        walk.spreading.add(name);
        total += this.#selection(type, fragment.selectionSet, walk, value, sizes, collected);
        walk.spreading.delete(name);
      }
    }
    return total;
  }

  #field(
    parent: GraphQLCompositeType,
    node: FieldNode,
    walk: Walk,
    parentValue: unknown,
    sizes: ReadonlyMap<string, number> | null,
  ): number {
    const name = node.name.value;
    if (name.startsWith('__') || (!isObjectType(parent) && !isInterfaceType(parent))) return 0;
    const field = parent.getFields()[name];
    if (!field) return 0;
    const { executed } = walk;
    const key = node.alias?.value ?? name;
    // In a response, a field that is not there did not run (another type's fragment, an error above it).
    if (executed && !(isRecord(parentValue) && key in parentValue)) return 0;
    const value = executed ? (parentValue as Record<string, unknown>)[key] : NOT_EXECUTED;

    const declared = this.#declaredCost(
      parent.name,
      field,
      parent.name === this.#schema.getMutationType()?.name,
    );
    let cost = 0;
    for (const argument of node.arguments ?? [])
      cost += declared.argumentWeights.get(argument.name.value) ?? 0;
    const named = getNamedType(field.type);
    // Only an estimate reads arguments: a response's lists have their own lengths.
    const args =
      !executed && (declared.listSize || declared.sizedBy)
        ? getArgumentValues(field, node, walk.variables)
        : null;
    const size =
      args &&
      ((declared.sizedBy ? lengthOf(args[declared.sizedBy]) : null) ??
        (declared.listSize ? sizeOf(declared.listSize, args) : null));
    const childSizes =
      size !== null && declared.listSize?.sizedFields.length
        ? new Map(declared.listSize.sizedFields.map((sized) => [sized, size]))
        : null;
    const item = (itemValue: unknown) =>
      declared.weight +
      (isCompositeType(named) && node.selectionSet && itemValue !== null
        ? this.#selection(named, node.selectionSet, walk, itemValue, childSizes)
        : 0);

    if (executed) {
      if (declared.isList && Array.isArray(value))
        return cost + value.reduce((sum, each) => sum + item(each), 0);
      return cost + item(value === undefined ? null : value);
    }
    if (!declared.isList) return cost + item(NOT_EXECUTED);
    const count =
      sizes?.get(name) ?? (declared.listSize?.sizedFields.length ? null : size) ?? DEFAULT_LIST_SIZE;
    return cost + count * item(NOT_EXECUTED);
  }

  #declaredCost(parent: string, field: GraphQLField<unknown, unknown>, onMutation: boolean): DeclaredCost {
    let declared = this.#declared.get(field);
    if (declared) return declared;
    const named = getNamedType(field.type);
    const weight =
      costDirective(field.astNode?.directives) ??
      costOfType(named) ??
      (onMutation ? MUTATION_WEIGHT : isCompositeType(named) ? 1 : 0);
    const argumentWeights = new Map<string, number>();
    for (const argument of field.args) {
      const argumentWeight = costDirective(argument.astNode?.directives);
      if (argumentWeight !== null) argumentWeights.set(argument.name, argumentWeight);
    }
    declared = {
      weight,
      argumentWeights,
      listSize: listSizeOf(field),
      sizedBy: SIZED_BY_LIST_ARGUMENT.get(`${parent}.${field.name}`) ?? null,
      isList: isListType(getNullableType(field.type)),
    };
    this.#declared.set(field, declared);
    return declared;
  }
}

/** Marks a walk that estimates (no response to read). */
const NOT_EXECUTED = Symbol('not executed');

/** The list's size from its slicing arguments (the largest given), else its assumed size; null: neither. */
function sizeOf(listSize: ListSize, args: Record<string, unknown>): number | null {
  const given = listSize.slicingArguments
    .map((name) => args[name])
    .filter((value): value is number => typeof value === 'number');
  const size = given.length ? Math.max(...given) : listSize.assumedSize;
  return size === null ? null : Math.min(MAX_LIST_SIZE, Math.max(0, size));
}

/** A list argument's length as a list's size, at most MAX_LIST_SIZE (a longer list is refused by the field). */
function lengthOf(value: unknown): number | null {
  return Array.isArray(value) ? Math.min(MAX_LIST_SIZE, value.length) : null;
}

function costDirective(directives: readonly ConstDirectiveNode[] | undefined): number | null {
  const weight = directives
    ?.find((d) => d.name.value === 'cost')
    ?.arguments?.find((a) => a.name.value === 'weight');
  if (!weight) return null;
  const value = valueFromASTUntyped(weight.value);
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function costOfType(type: GraphQLNamedType): number | null {
  for (const node of [type.astNode, ...(type.extensionASTNodes ?? [])]) {
    const weight = costDirective(node?.directives);
    if (weight !== null) return weight;
  }
  return null;
}

function listSizeOf(field: GraphQLField<unknown, unknown>): ListSize | null {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'listSize');
  if (!directive) return null;
  const args = Object.fromEntries(
    (directive.arguments ?? []).map((argument) => [argument.name.value, valueFromASTUntyped(argument.value)]),
  );
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];
  return {
    assumedSize: typeof args.assumedSize === 'number' ? args.assumedSize : null,
    slicingArguments: strings(args.slicingArguments),
    sizedFields: strings(args.sizedFields),
  };
}

function included(directives: FieldNode['directives'], variables: Record<string, unknown>): boolean {
  if (!directives?.length) return true;
  const node = { directives } as FieldNode;
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
