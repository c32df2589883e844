import {
  type ApolloServerPlugin,
  type GraphQLRequestContextResponseForOperation,
  HeaderMap,
} from '@apollo/server';
import { type DocumentNode, Kind, type ValueNode } from 'graphql';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { singleRootField } from '../../../platform/graphql/single-root-field.ts';
import { operationSpan } from '../../../platform/telemetry/operation-span.ts';
import { bodyIfCurrent } from '../commands/get-rendered-order.ts';
import { isUuid } from '../order.repository.ts';
import type { RenderedOrderDeps } from '../rendered-orders.ts';
import { orderVersionsRead } from './order-loaders.ts';
import { BEYOND_THE_VIEW, orderResolvers, VIEW_VALUE_TYPES } from './order-resolvers.ts';

/** Operations with longer variables (as JSON) are run each time rather than kept. */
const MAX_VARIABLES_LENGTH = 512;

/**
 * An `order(id:)` query answered as this process answered it before, while the order is unchanged: the GraphQL
 * counterpart of the REST GET's kept body (rendered-orders.ts), for dashboards that poll an order.
 *
 * It applies to a query whose one root field is `order(id:)` and that selects only fields whose values are the
 * order's view (the orders module's own fields, less BEYOND_THE_VIEW; no other module's). When this process
 * kept an answer to the same operation, one index lookup asks PostgreSQL for the order's version (and whether it
 * is the caller's project's) before Apollo runs it: at the version the answer was kept at, the kept `data` is the
 * answer and graphql-js runs nothing (a trace still shows the operation: operationSpan). Otherwise the operation
 * runs as any other, and an answer without errors whose one read was this order, at one version, is kept with
 * that version. Kept answers are keyed by project, order and everything else an answer depends on: the document,
 * the operation's name, its variables, and the caller's role and kind of credential (so a field's `@requires`
 * refuses as it would). `extensions.cost` is added afresh to every answer (apollo.ts), kept or not. A database
 * that cannot answer the lookup leaves the operation to run, and fail, as any other.
 */
export function keptOrderResults<C extends GraphQLContext>(): ApolloServerPlugin<C> {
  // Apollo keeps each parsed document and hands the same object to every request of the same text: each
  // document's operations are looked at once.
  const idNodes = new WeakMap<DocumentNode, Map<string, ValueNode | null>>();
  const idNodeOf = (request: GraphQLRequestContextResponseForOperation<C>) => {
    let byOperation = idNodes.get(request.document);
    if (!byOperation) {
      byOperation = new Map();
      idNodes.set(request.document, byOperation);
    }
    const name = request.operationName ?? '';
    let idNode = byOperation.get(name);
    if (idNode === undefined) {
      idNode = keptOrderId(request);
      byOperation.set(name, idNode);
    }
    return idNode;
  };
  return {
    async requestDidStart() {
      let keep: ((data: string) => void) | null = null;
      return {
        async responseForOperation(request) {
          const idNode = idNodeOf(request);
          const context = request.contextValue;
          const { renderedOrders } = context.deps as GraphQLContext['deps'] & Partial<RenderedOrderDeps>;
          // The document's hash names it in the key: without one, nothing is kept.
          if (!idNode || !renderedOrders || !request.queryHash) return null;
          const orderId = idOf(idNode, request.request.variables);
          const variables = JSON.stringify(request.request.variables ?? {});
          if (orderId === null || !isUuid(orderId) || variables.length > MAX_VARIABLES_LENGTH) return null;
          const { actor } = context;
          const audience = `graphql ${actor.role} ${actor.principal.kind} ${request.queryHash} ${request.operationName ?? ''} ${variables}`;
          keep = (data) => {
            const versions = orderVersionsRead(context);
            const [version, ...others] = versions.get(orderId) ?? [];
            if (versions.size !== 1 || !version || others.length > 0) return;
            renderedOrders.remember(actor.projectId, orderId, { version, audience, body: data });
          };
          const rendering = renderedOrders.rendering(actor.projectId, orderId, audience);
          if (!rendering) return null;
          const kept = await operationSpan(
            request.operation.operation,
            request.operation.name?.value,
            'kept',
            () => bodyIfCurrent(context.deps, actor.projectId, orderId, rendering).catch(() => null),
          );
          if (kept === null) return null;
          keep = null;
          return {
            http: { status: undefined, headers: new HeaderMap() },
            body: { kind: 'single', singleResult: { data: JSON.parse(kept) } },
          };
        },
        async willSendResponse({ response }) {
          if (!keep || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (!errors?.length && data) keep(JSON.stringify(data));
        },
      };
    },
  };
}

/** Where the order's id comes from in a query whose answer is one order's view alone; null for other queries. */
function keptOrderId(request: GraphQLRequestContextResponseForOperation<GraphQLContext>): ValueNode | null {
  const { schema, document } = request;
  // Apollo asks for a response even when it found no operation to run (several and no `operationName`, or an
  // unknown one), and answers that with its own error afterwards.
  const operation = request.operation as
    | GraphQLRequestContextResponseForOperation<GraphQLContext>['operation']
    | undefined;
  if (!operation) return null;
  const root = singleRootField(schema, document, operation, 'order', isOrderViewField);
  return root?.find((argument) => argument.name.value === 'id')?.value ?? null;
}

/** Whether `typeName.fieldName` is one of the orders module's fields whose value is the order's view's. */
export function isOrderViewField(typeName: string, fieldName: string): boolean {
  if (BEYOND_THE_VIEW.has(`${typeName}.${fieldName}`)) return false;
  if (VIEW_VALUE_TYPES.has(typeName)) return true;
  if (typeName === 'Query' || typeName === 'Mutation') return false;
  const resolvers = (orderResolvers as Record<string, object | undefined>)[typeName];
  return resolvers !== undefined && Object.hasOwn(resolvers, fieldName);
}

/** The order id the operation asks for: a string literal, or a variable's string value; else null. */
function idOf(value: ValueNode, variables: Record<string, unknown> | undefined): string | null {
  if (value.kind === Kind.STRING) return value.value;
  if (value.kind !== Kind.VARIABLE) return null;
  const given = variables?.[value.name.value];
  return typeof given === 'string' ? given : null;
}
