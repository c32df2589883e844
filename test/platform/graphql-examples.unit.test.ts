import { readdirSync } from 'node:fs';
import { type DocumentNode, getOperationAST, type OperationDefinitionNode, parse, validate } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { EXAMPLES_DIR, loadExampleOperations } from '../../src/platform/graphql/explorer/examples.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';

const schema = buildSdlSchema();

const examples = loadExampleOperations();

describe('the example operations under docs/graphql/ (explorer tabs and docs)', () => {
  it('cover the flows a merchant starts with', () => {
    const names = examples.map((example) => getOperationAST(parse(example.query))?.name?.value);
    expect(names).toEqual(
      expect.arrayContaining([
        'CreateOrder',
        'Order',
        'SearchOrders',
        'RefundOrder',
        'CaptureTransaction',
        'VoidTransaction',
        'OrderStatusChanged',
        'ProjectSettings',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('tells, on every subscription tab, how to catch up after a reconnect (afterEvent), as docs/subscriptions.md does', () => {
    const subscriptions = examples.filter(
      (example) => getOperationAST(parse(example.query))?.operation === 'subscription',
    );
    expect(subscriptions.length).toBeGreaterThan(0);
    for (const example of subscriptions) {
      const comment = example.query.slice(0, example.query.search(/^subscription/m));
      expect(comment).toContain('afterEvent');
      expect(comment).not.toMatch(/nothing is replayed/i);
      expect(
        getOperationAST(parse(example.query))?.variableDefinitions?.map((v) => v.variable.name.value),
      ).toContain('afterEvent');
    }
  });

  describe.each(examples.map((example) => [example.file, example] as const))('%s', (_file, example) => {
    let document: DocumentNode;
    let operation: OperationDefinitionNode | null | undefined;

    beforeAll(() => {
      document = parse(example.query);
      operation = getOperationAST(document);
    });

    it('holds exactly one named operation', () => {
      expect(document.definitions.filter((d) => d.kind === 'OperationDefinition')).toHaveLength(1);
      expect(operation?.name?.value).toMatch(/^[A-Z][A-Za-z]+$/);
    });

    it('is valid against the schema', () => {
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    });

    it('explains itself in a comment before the operation', () => {
      expect(example.query.trimStart().startsWith('#')).toBe(true);
    });

    it('has variables that the operation accepts, exactly when it declares any', () => {
      const declared = operation?.variableDefinitions ?? [];
      const required = declared.filter((d) => d.type.kind === 'NonNullType' && !d.defaultValue);
      if (!example.variables) {
        expect(required).toEqual([]);
        return;
      }
      const coerced = getVariableValues(schema, declared, JSON.parse(example.variables));
      expect(coerced.errors?.map((error) => error.message) ?? []).toEqual([]);
      const given = Object.keys(JSON.parse(example.variables));
      expect(given.filter((name) => !declared.some((d) => d.variable.name.value === name))).toEqual([]);
    });
  });

  it('pairs every variables file with an operation', () => {
    const orphans = readdirSync(EXAMPLES_DIR)
      .filter((file) => file.endsWith('.variables.json'))
      .filter((file) => !examples.some((e) => e.file === file.replace('.variables.json', '.graphql')));
    expect(orphans).toEqual([]);
  });
});
