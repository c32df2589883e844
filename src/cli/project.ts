import { createProject } from '../modules/projects/commands/create-project.ts';
import { updateProject } from '../modules/projects/commands/update-project.ts';
import { paymentMethods } from '../services.ts';
import { printJson, runCli } from './command-line.ts';

const USAGE = `Usage:
  npm run project:create -- --name Shop --mode test|live [--webhook-url URL] [--json]
  npm run project:set-webhook -- --project PROJECT_ID --url URL|none`;

/** Project administration from the command line, on the same database the server uses. */
await runCli(
  USAGE,
  {
    name: { type: 'string' },
    mode: { type: 'string' },
    'webhook-url': { type: 'string' },
    json: { type: 'boolean', default: false },
    project: { type: 'string' },
    url: { type: 'string' },
  },
  async ({ command, values, deps: base, usage }) => {
    const deps = { ...base, paymentMethods };
    if (command === 'create') {
      if (!values.name || (values.mode !== 'test' && values.mode !== 'live')) return usage();
      const created = await createProject(deps, {
        name: values.name,
        mode: values.mode,
        webhookUrl: values['webhook-url'],
      });
      if (values.json) printJson({ project_id: created.projectId, api_key: created.apiKey });
      else {
        process.stdout.write(
          `Project ${created.projectId} (${created.mode})\nAPI key ${created.apiKey}\nThe key is shown only once: store it now.\n`,
        );
      }
      return 0;
    }
    if (command === 'set-webhook') {
      if (!values.project || !values.url) return usage();
      const project = await updateProject(deps, values.project, {
        webhookUrl: values.url === 'none' ? null : values.url,
      });
      process.stdout.write(`Project ${project.id} webhook URL: ${project.webhookUrl ?? '(none)'}\n`);
      return 0;
    }
    return usage();
  },
);
