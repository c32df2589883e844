import type { z } from 'zod';
import { routesOf } from '../../src/api-document.ts';
import { parseConfig } from '../../src/config/index.ts';
import { bodyAsMeant } from '../../src/platform/http/body-as-meant.ts';
import { bodySchemaOf } from '../../src/platform/openapi/openapi-document.ts';
import { contractedRoutes } from '../../src/platform/openapi/route-registry.ts';
import { paymentMethods } from '../../src/services.ts';

describe('a REST body read as the merchants’ clients mean it', () => {
  it('reads a null as a field left out, at any depth of the body’s own structure', () => {
    expect(
      bodyAsMeant({
        amount: 100,
        description: null,
        customer: { first_name: 'Jane', last_name: null, address: { city: null, country: 'NL' } },
        transactions: [{ payment_method: 'credit-card', payment_method_details: null }],
      }),
    ).toEqual({
      amount: 100,
      customer: { first_name: 'Jane', address: { country: 'NL' } },
      transactions: [{ payment_method: 'credit-card' }],
    });
  });

  it('keeps a null item of an array, whose position is its meaning, for the parse to judge', () => {
    expect(bodyAsMeant({ phone_numbers: ['0612345678', null] })).toEqual({
      phone_numbers: ['0612345678', null],
    });
  });

  it('reads the merchant’s own JSON sent as [] as {}, and keeps its nulls as sent', () => {
    const reading = { freeForm: ['extra', 'client'] };
    expect(bodyAsMeant({ extra: [], client: { plugin: 'shop', build: null } }, reading)).toEqual({
      extra: {},
      client: { plugin: 'shop', build: null },
    });
    // A free-form member sent as null is left out like any other; a non-empty array stays for the parse to refuse.
    expect(bodyAsMeant({ extra: null, client: ['x'] }, reading)).toEqual({ client: ['x'] });
    // `[]` is only an empty object where the member is free-form.
    expect(bodyAsMeant({ order_lines: [] }, reading)).toEqual({ order_lines: [] });
  });

  it('reads a named object sent as [] as {} at any depth, and no other empty array', () => {
    const reading = { emptyArrayIsObject: ['payment_method_details'] };
    expect(
      bodyAsMeant({ transactions: [{ payment_method: 'credit-card', payment_method_details: [] }] }, reading),
    ).toEqual({ transactions: [{ payment_method: 'credit-card', payment_method_details: {} }] });
    // Not empty: left for the parse to refuse. Not named: an empty list stays a list.
    expect(
      bodyAsMeant({ transactions: [{ payment_method_details: ['x'] }], order_lines: [] }, reading),
    ).toEqual({
      transactions: [{ payment_method_details: ['x'] }],
      order_lines: [],
    });
  });

  it('keeps the null of a member whose null means something', () => {
    expect(
      bodyAsMeant(
        { merchant_order_id: null, expiration_period: null, customer: { last_name: null } },
        { keepsNull: ['merchant_order_id', 'customer'] },
      ),
    ).toEqual({ merchant_order_id: null, customer: {} });
  });

  it('answers a body with nothing to change as it is, and leaves anything but an object alone', () => {
    const body = { amount: 100, customer: { first_name: 'Jane' }, extra: { note: null } };
    expect(bodyAsMeant(body, { freeForm: ['extra'] })).toBe(body);
    for (const odd of [undefined, null, 'text', 7, [null], []]) expect(bodyAsMeant(odd)).toBe(odd);
  });

  it('keeps the members in the order they were sent', () => {
    expect(Object.keys(bodyAsMeant({ a: 1, b: null, c: { d: null }, e: 2 }) as object)).toEqual([
      'a',
      'c',
      'e',
    ]);
  });
});

describe('the contracts’ readings of their bodies', () => {
  const config = parseConfig({});
  const bodies = async () =>
    contractedRoutes(await routesOf(config))
      .map((route) => route.contract)
      .filter((contract) => contract.body)
      .map((contract) => ({
        contract,
        shape: (bodySchemaOf(contract, { paymentMethods }) as z.ZodObject).shape as Record<string, z.ZodType>,
      }));
  /** A member declared nullable (`.nullable()`, `.nullish()`): its null was given a meaning. */
  const declaredNullable = (schema: z.ZodType): boolean => {
    const def = schema.def as { type: string; innerType?: z.ZodType };
    if (def.type === 'nullable') return true;
    return (def.type === 'optional' || def.type === 'default') && declaredNullable(def.innerType!);
  };

  it('keep the null of every member whose schema declares it nullable, and name no other', async () => {
    const unlisted: string[] = [];
    const wronglyListed: string[] = [];
    for (const { contract, shape } of await bodies()) {
      const keepsNull = contract.body?.keepsNull ?? [];
      for (const [member, schema] of Object.entries(shape)) {
        if (declaredNullable(schema) && !keepsNull.includes(member))
          unlisted.push(`${contract.operationId}.${member}`);
      }
      for (const member of keepsNull) {
        if (!shape[member] || !declaredNullable(shape[member]))
          wronglyListed.push(`${contract.operationId}.${member}`);
      }
    }
    expect({ unlisted, wronglyListed }).toEqual({ unlisted: [], wronglyListed: [] });
  });

  it('name as free-form only members of their body', async () => {
    const strays: string[] = [];
    for (const { contract, shape } of await bodies()) {
      for (const member of contract.body?.freeForm ?? []) {
        if (!shape[member]) strays.push(`${contract.operationId}.${member}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
