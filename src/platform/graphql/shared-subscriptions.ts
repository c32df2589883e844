import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  print,
} from 'graphql';

/**
 * A subscription's source event that can hold values for every subscriber it reaches (e.g. the events feed's
 * LiveEvent): the answer to one operation is then computed once per event, not once per subscriber.
 */
export interface SharedEvent {
  shared<T>(key: string, compute: () => T): T;
}

function isSharedEvent(value: unknown): value is SharedEvent {
  return typeof (value as SharedEvent | null)?.shared === 'function';
}

const printed = new WeakMap<DocumentNode, string>();

/**
 * A result as plain objects. graphql-js builds results of null-prototype objects, which V8's JSON.stringify takes
 * on its slow path: 2.6 µs for a small order against 1.1 µs for the same values as plain objects. A shared result
 * is serialised once per subscriber, so the copy, made once, is cheaper from the second subscriber on. A result
 * with errors stays as it is: its errors are formatted per subscriber (websocket.ts `onNext`).
 */
function plain(result: ExecutionResult): ExecutionResult {
  return result.errors ? result : JSON.parse(JSON.stringify(result));
}

/**
 * graphql's `subscribe`, except that subscribers of the same operation (same document, operation name and
 * variables) within the same `scope` (the credential: what it may see) share one execution per event. Per
 * subscriber what remains is filtering (in the source stream) and serialisation (graphql-ws).
 */
export async function subscribeShared(
  args: ExecutionArgs,
  scope: string,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) return stream;
  let document = printed.get(args.document);
  if (document === undefined) {
    document = print(args.document);
    printed.set(args.document, document);
  }
  const key = [
    'graphql',
    scope,
    args.operationName ?? '',
    JSON.stringify(args.variableValues ?? {}),
    document,
  ].join('\n');
  const run = (event: unknown) => execute({ ...args, rootValue: event });
  const events = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    async next(): Promise<IteratorResult<ExecutionResult>> {
      const next = await events.next();
      if (next.done) return { done: true, value: undefined };
      const event = next.value;
      const result = isSharedEvent(event)
        ? event.shared(key, async () => plain(await run(event)))
        : run(event);
      return { done: false, value: await result };
    },
    return: async () => {
      await events.return?.();
      return { done: true, value: undefined };
    },
    throw: async (error?: unknown) => {
      await events.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
