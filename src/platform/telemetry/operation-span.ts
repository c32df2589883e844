import { trace } from '@opentelemetry/api';
import { tracing } from './trace-context.ts';

/**
 * Runs `work` in a span named as the GraphQL instrumentation names an operation it executes (`query OrderById`,
 * with `graphql.operation.type` and `.name`), for an operation answered without graphql-js executing it (an
 * answer kept from before, orders/graphql/kept-order-results.ts): a trace still shows the operation, and the SQL
 * it ran inside it. `graphql.answer` says how it was answered. Nothing is done when traces are off.
 */
export async function operationSpan<T>(
  type: string,
  name: string | undefined,
  answer: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracing()) return work();
  const attributes = { 'graphql.operation.type': type, 'graphql.answer': answer };
  const span = name ? { ...attributes, 'graphql.operation.name': name } : attributes;
  return trace
    .getTracer('payment-gateway')
    .startActiveSpan(name ? `${type} ${name}` : type, { attributes: span }, async (active) => {
      try {
        return await work();
      } finally {
        active.end();
      }
    });
}
