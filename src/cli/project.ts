import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, parseConfig } from '../config/index.ts';
import { createProject } from '../modules/projects/commands/create-project.ts';
import { updateProject } from '../modules/projects/commands/update-project.ts';
import { Db } from '../platform/db/db.ts';
import { DomainError } from '../platform/errors/domain-error.ts';
import { openDatabase } from '../runtime.ts';
import { paymentMethods } from '../services.ts';

const USAGE = `Usage:
  npm run project:create -- --name Shop --mode test|live [--webhook-url URL] [--json]
  npm run project:set-webhook -- --project PROJECT_ID --url URL|none`;

/** Project administration from the command line, on the same database the server uses. */
async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      mode: { type: 'string' },
      'webhook-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      project: { type: 'string' },
      url: { type: 'string' },
    },
    strict: true,
  });
  const config = parseConfig();
  const database = await openDatabase(config, pino({ level: 'warn' }, process.stderr), 'reuse');
  try {
    const deps = { db: new Db(database.orm), config, paymentMethods };
    if (command === 'create') {
      if (!values.name || (values.mode !== 'test' && values.mode !== 'live')) {
        process.stderr.write(`${USAGE}\n`);
        return 64;
      }
      const created = await createProject(deps, {
        name: values.name,
        mode: values.mode,
        webhookUrl: values['webhook-url'],
      });
      if (values.json) {
        process.stdout.write(
          `${JSON.stringify({ project_id: created.projectId, api_key: created.apiKey })}\n`,
        );
      } else {
        process.stdout.write(
          `Project ${created.projectId} (${created.mode})\nAPI key ${created.apiKey}\nThe key is shown only once: store it now.\n`,
        );
      }
      return 0;
    }
    if (command === 'set-webhook') {
      if (!values.project || !values.url) {
        process.stderr.write(`${USAGE}\n`);
        return 64;
      }
      const project = await updateProject(deps, values.project, {
        webhookUrl: values.url === 'none' ? null : values.url,
      });
      process.stdout.write(`Project ${project.id} webhook URL: ${project.webhookUrl ?? '(none)'}\n`);
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return 64;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof DomainError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 65;
  } else if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exitCode = 64;
  } else {
    throw error;
  }
}
