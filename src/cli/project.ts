import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, parseConfig } from '../config/index.ts';
import { createProject } from '../modules/projects/commands/create-project.ts';
import { updateProject } from '../modules/projects/commands/update-project.ts';
import { Db } from '../platform/db/db.ts';
import { DomainError } from '../platform/errors/domain-error.ts';
import { renderProblem } from '../platform/errors/field-problem.ts';
import { loggerOptions } from '../platform/http/logger.ts';
import { openDatabase } from '../runtime.ts';
import { paymentMethods } from '../services.ts';

const USAGE = `Usage:
  npm run project:create -- --name Shop --mode test|live [--webhook-url URL] [--json]
  npm run project:set-webhook -- --project PROJECT_ID --url URL|none`;

type Options = Record<string, string | boolean | undefined>;

/** What is missing or wrong on the command line, one line each, before anything is opened. */
function usageProblems(command: string | undefined, values: Options): string[] {
  const problems: string[] = [];
  if (command === 'create') {
    if (!values.name) problems.push('missing --name: the name of the new project');
    if (values.mode === undefined) problems.push('missing --mode: test or live');
    else if (values.mode !== 'test' && values.mode !== 'live') {
      problems.push(`--mode must be test or live, not "${String(values.mode)}"`);
    }
  } else if (command === 'set-webhook') {
    if (!values.project) problems.push('missing --project: the id of the project');
    if (!values.url) problems.push('missing --url: the webhook URL, or none to remove it');
  } else {
    problems.push(command ? `unknown command "${command}"` : 'missing command: create or set-webhook');
  }
  return problems;
}

/** A refusal of the project commands, with their input fields named as the command line's options. */
function describeRefusal(error: DomainError, command: string | undefined): string {
  const flags: Record<string, string> = {
    name: '--name',
    mode: '--mode',
    webhookUrl: command === 'set-webhook' ? '--url' : '--webhook-url',
  };
  if (error.problems.length === 0) return error.message;
  return error.problems
    .map((problem) => renderProblem(problem, flags[problem.field ?? ''] ?? problem.field))
    .join('\n');
}

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
  const problems = usageProblems(command, values);
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n\n${USAGE}\n`);
    return 64;
  }
  const config = parseConfig();
  const database = await openDatabase(config, pino(loggerOptions('warn'), process.stderr), 'reuse');
  try {
    const deps = { db: new Db(database.orm), config, paymentMethods };
    if (command === 'create') {
      const created = await createProject(deps, {
        name: values.name!,
        mode: values.mode as 'test' | 'live',
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
    const project = await updateProject(deps, values.project!, {
      webhookUrl: values.url === 'none' ? null : values.url,
    });
    process.stdout.write(`Project ${project.id} webhook URL: ${project.webhookUrl ?? '(none)'}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof DomainError) {
    process.stderr.write(`${describeRefusal(error, process.argv[2])}\n`);
    process.exitCode = 65;
  } else if (error instanceof ConfigError) {
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
