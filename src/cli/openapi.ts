import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { apiDocumentOf } from '../api-document.ts';
import { parseConfig } from '../config/index.ts';

/**
 * `npm run openapi`: prints the OpenAPI document of the default configuration (what `npm start` serves at
 * /openapi.json). `--out FILE` writes it; `--check` fails (exit 1) when FILE differs, for `npm run codegen:check`.
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, check: { type: 'boolean' } } });
// The defaults, not this shell's environment: the committed document must not depend on who generated it.
const document = `${JSON.stringify(await apiDocumentOf(parseConfig({})), null, 2)}\n`;

if (!values.out) {
  process.stdout.write(document);
} else if (values.check) {
  const committed = await readFile(values.out, 'utf8').catch(() => '');
  if (committed !== document) {
    process.stderr.write(`${values.out} is out of date: run npm run codegen\n`);
    process.exitCode = 1;
  }
} else {
  await writeFile(values.out, document);
}
