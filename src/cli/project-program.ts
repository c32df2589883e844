import { createProject } from '../modules/identity/commands/create-project.ts';
import { updateProject } from '../modules/projects/commands/update-project.ts';
import { paymentMethods } from '../services.ts';
import { type CliProgram, commandProblem, missingOptions, printJson } from './command-line.ts';

const USAGE = `Usage:
  npm run project:create -- --name Shop --mode test|live [--merchant MERCHANT_ID] [--webhook-url URL] [--json]
  npm run project:set-webhook -- --project PROJECT_ID --url URL|none
  npm run project:set-payment-methods -- --project PROJECT_ID --methods credit-card,wallet-a-pay

--merchant adds the project to an existing merchant (its test and live projects share the merchant id).`;

const OPTIONS = {
  name: { type: 'string' },
  mode: { type: 'string' },
  'webhook-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  project: { type: 'string' },
  url: { type: 'string' },
  merchant: { type: 'string' },
  methods: { type: 'string' },
} as const;

/** Project administration from the command line, on the same database the server uses (`npm run project:…`). */
export const projectProgram: CliProgram<typeof OPTIONS> = {
  usage: USAGE,
  options: OPTIONS,
  handler: async ({ command, values, deps: base, print }) => {
    const deps = { ...base, paymentMethods };
    if (command === 'create') {
      const created = await createProject(deps, {
        name: values.name!,
        mode: values.mode as 'test' | 'live',
        webhookUrl: values['webhook-url'],
        merchantId: values.merchant,
      });
      if (values.json) {
        printJson(
          {
            project_id: created.projectId,
            merchant_id: created.merchantId,
            api_key: created.apiKey,
          },
          print,
        );
      } else {
        print(
          `Project ${created.projectId} (${created.mode}) of merchant ${created.merchantId}\nAPI key ${created.apiKey}\nThe key is shown only once: store it now.\n`,
        );
      }
      return 0;
    }
    if (command === 'set-payment-methods') {
      const methods = values.methods!.split(',').map((method) => method.trim());
      const project = await updateProject(deps, values.project!, { paymentMethods: methods });
      print(`Project ${project.id} payment methods: ${project.paymentMethods.join(', ')}\n`);
      return 0;
    }
    const project = await updateProject(deps, values.project!, {
      webhookUrl: values.url === 'none' ? null : values.url,
    });
    print(`Project ${project.id} webhook URL: ${project.webhookUrl ?? '(none)'}\n`);
    return 0;
  },
  rules: {
    check: (command, values) => {
      if (command === 'create') {
        const problems = missingOptions(values, {
          name: 'the name of the new project',
          mode: 'test or live',
        });
        if (values.mode !== undefined && values.mode !== 'test' && values.mode !== 'live') {
          problems.push(`--mode must be test or live, not "${String(values.mode)}"`);
        }
        return problems;
      }
      if (command === 'set-webhook') {
        return missingOptions(values, {
          project: 'the id of the project',
          url: 'the webhook URL, or none to remove it',
        });
      }
      if (command === 'set-payment-methods') {
        return missingOptions(values, {
          project: 'the id of the project',
          methods: `the active payment methods, comma-separated (of ${paymentMethods.ids.join(', ')})`,
        });
      }
      return commandProblem(command, ['create', 'set-webhook', 'set-payment-methods']);
    },
    flagNames: (command) => ({
      name: '--name',
      mode: '--mode',
      webhookUrl: command === 'set-webhook' ? '--url' : '--webhook-url',
      merchantId: '--merchant',
      paymentMethods: '--methods',
    }),
  },
};
