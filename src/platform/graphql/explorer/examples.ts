import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The example operations under docs/graphql/: one operation per `NN-name.graphql` file (the number orders
 * them), its variables in `NN-name.variables.json` beside it when it takes any. The explorer opens them as
 * saved tabs and the docs show the same files, so they are written once; a test validates each against the
 * schema.
 */
export interface ExampleOperation {
  /** File name, e.g. `01-create-order.graphql`. */
  file: string;
  /** The document as written, comments included. */
  query: string;
  /** The variables file's text as written, or null when the operation takes none. */
  variables: string | null;
}

export const EXAMPLES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/graphql',
);

export function loadExampleOperations(dir: string = EXAMPLES_DIR): ExampleOperation[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => {
      const variablesFile = path.join(dir, file.replace(/\.graphql$/, '.variables.json'));
      return {
        file,
        query: readFileSync(path.join(dir, file), 'utf8'),
        variables: existsSync(variablesFile) ? readFileSync(variablesFile, 'utf8') : null,
      };
    });
}
