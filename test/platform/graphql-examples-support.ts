import { getOperationAST, parse } from 'graphql';
import { loadExampleOperations } from '../../src/platform/graphql/explorer/examples.ts';

/** The operation name of each example under docs/graphql/, in the order the explorer opens them. */
export function exampleOperationNames(): string[] {
  return loadExampleOperations().map((example) => getOperationAST(parse(example.query))?.name?.value ?? '');
}
