import { buildSchema, type ExecutionResult, GraphQLError, parse } from 'graphql';
import {
  type ReplayMeter,
  type SharedEvent,
  subscribeShared,
} from '../../src/platform/graphql/shared-subscriptions.ts';

const schema = buildSchema(`
  type Order { id: ID! status: String! }
  type Query { ok: Boolean }
  type Subscription { changed: Order }
`);

/** An event whose `shared` values are computed once per key, as the events feed's LiveEvent does. */
function liveEvent(order: { id: string; status: string } | Error, replayed = false) {
  const values = new Map<string, unknown>();
  const event: SharedEvent & { order: typeof order; computed: number } = {
    order,
    computed: 0,
    replayed,
    shared<T>(key: string, compute: () => T): T {
      if (!values.has(key)) {
        event.computed += 1;
        values.set(key, compute());
      }
      return values.get(key) as T;
    },
  };
  return event;
}

/** A subscriber of `changed` whose source yields `events`; the field resolves to the event's order (or throws). */
async function subscriber(
  events: unknown[],
  document = '{ changed { id status } }',
  scope = 'project-a',
  meter?: ReplayMeter,
) {
  const changed = schema.getSubscriptionType()!.getFields().changed!;
  changed.subscribe = async function* () {
    yield* events;
  };
  changed.resolve = (event: { order: unknown }) => {
    if (event.order instanceof Error) throw event.order;
    return event.order;
  };
  const iterator = await subscribeShared(
    { schema, document: parse(`subscription ${document}`), contextValue: {} },
    scope,
    meter,
  );
  return iterator as AsyncIterableIterator<ExecutionResult>;
}

describe('subscribers of the same operation sharing one execution per event', () => {
  it('run the operation once for every subscriber and all get the very same result', async () => {
    const event = liveEvent({ id: 'o1', status: 'paid' });
    const first = await subscriber([event]);
    const second = await subscriber([event]);
    const a = await first.next();
    const b = await second.next();
    expect(a.value).toEqual({ data: { changed: { id: 'o1', status: 'paid' } } });
    expect(b.value).toBe(a.value);
    expect(event.computed).toBe(1);
  });

  it('hand out the result as plain objects, which serialise on V8’s fast path', async () => {
    const event = liveEvent({ id: 'o1', status: 'paid' });
    const { value } = await (await subscriber([event])).next();
    const data = (value as ExecutionResult).data!;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(data.changed)).toBe(Object.prototype);
  });

  it('do not share across scopes: another credential runs the operation again', async () => {
    const event = liveEvent({ id: 'o1', status: 'paid' });
    await (await subscriber([event], undefined, 'project-a')).next();
    await (await subscriber([event], undefined, 'project-b')).next();
    expect(event.computed).toBe(2);
  });

  it('keep a result with errors as graphql-js made it, its errors GraphQLErrors for the transport to format', async () => {
    const event = liveEvent(new Error('gone'));
    const { value } = await (await subscriber([event])).next();
    const result = value as ExecutionResult;
    expect(result.errors?.[0]).toBeInstanceOf(GraphQLError);
    expect(result.errors?.[0]?.message).toBe('gone');
  });
});

describe('a subscription replaying past events', () => {
  it('asks the meter before each replayed event, never for a live one', async () => {
    let asked = 0;
    const meter = async () => {
      asked += 1;
      return null;
    };
    const events = [liveEvent({ id: 'o1', status: 'a' }, true), liveEvent({ id: 'o2', status: 'b' }, true)];
    const iterator = await subscriber(
      [...events, liveEvent({ id: 'o3', status: 'c' })],
      undefined,
      'p',
      meter,
    );
    const ids: unknown[] = [];
    for await (const result of iterator) ids.push(result.data?.changed && (result.data.changed as any).id);
    expect(ids).toEqual(['o1', 'o2', 'o3']);
    expect(asked).toBe(2);
  });

  it('ends with the refusal the meter answers, before any work for that event, and stops the source', async () => {
    const refusal: ExecutionResult = { errors: [new GraphQLError('Throttled')] };
    let budget = 1;
    const meter = async () => (budget-- > 0 ? null : refusal);
    const refused = liveEvent({ id: 'o2', status: 'b' }, true);
    const iterator = await subscriber(
      [liveEvent({ id: 'o1', status: 'a' }, true), refused, liveEvent({ id: 'o3', status: 'c' }, true)],
      undefined,
      'p',
      meter,
    );
    const results: ExecutionResult[] = [];
    for await (const result of iterator) results.push(result);
    expect(results).toEqual([{ data: { changed: { id: 'o1', status: 'a' } } }, refusal]);
    expect(refused.computed).toBe(0);
  });
});
