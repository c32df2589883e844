import { createUser } from '../modules/identity/commands/create-user.ts';
import { listUsers } from '../modules/identity/commands/list-users.ts';
import { createPasswordReset } from '../modules/identity/commands/password-reset.ts';
import { removeUser } from '../modules/identity/commands/remove-user.ts';
import { isRole } from '../platform/auth/roles.ts';
import { type CliProgram, commandProblem, missingOptions, printJson } from './command-line.ts';

const USAGE = `Usage:
  npm run -s user:create -- --project PROJECT_ID --email EMAIL --role admin|developer|viewer [--password-stdin] [--json]
  npm run user:remove -- --id USER_ID
  npm run user:list -- --project PROJECT_ID [--json]
  npm run -s user:reset-password -- --id USER_ID [--json]
A password is generated and printed once, unless --password-stdin reads one (12 to 256 characters, hard to
guess) from standard input. A reset link works once, for an hour, and is printed once.`;

const OPTIONS = {
  project: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  id: { type: 'string' },
  'password-stdin': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

/** Merchant users from the command line, on the same database the server uses (`npm run user:…`). */
export const userProgram: CliProgram<typeof OPTIONS> = {
  usage: USAGE,
  options: OPTIONS,
  handler: async ({ command, values, deps, usage, print, stdin }) => {
    if (command === 'create') {
      if (!values.project || !values.email || !isRole(values.role)) return usage();
      const password = values['password-stdin'] ? await stdin() : undefined;
      const created = await createUser(deps, values.project, {
        email: values.email,
        role: values.role,
        ...(password !== undefined && { password }),
      });
      const shown = created.generated ? created.password : null;
      if (values.json) {
        printJson(
          {
            user_id: created.user.id,
            email: created.user.email,
            role: created.user.role,
            password: shown,
          },
          print,
        );
      } else {
        print(`User ${created.user.id} ${created.user.email} (${created.user.role})\n`);
        if (shown) print(`Password ${shown}\nThe password is shown only once: hand it over now.\n`);
      }
      return 0;
    }
    if (command === 'remove') {
      if (!values.id) return usage();
      const removed = await removeUser(deps, null, values.id);
      print(`Removed user ${removed.userId} ${removed.email}; its sessions have ended.\n`);
      return 0;
    }
    if (command === 'reset-password') {
      if (!values.id) return usage();
      const link = await createPasswordReset(deps, null, values.id, null);
      if (values.json) {
        printJson(
          {
            user_id: link.userId,
            email: link.email,
            url: link.url,
            expires: link.expires.toISOString(),
          },
          print,
        );
      } else {
        print(
          `Reset link for ${link.email}, valid until ${link.expires.toISOString()} (once):\n${link.url}\n`,
        );
      }
      return 0;
    }
    if (command === 'list') {
      if (!values.project) return usage();
      const users = await listUsers(deps, values.project);
      const rows = users.map((user) => ({
        user_id: user.id,
        email: user.email,
        role: user.role,
        created: user.createdAt.toISOString(),
      }));
      if (values.json) printJson({ users: rows }, print);
      else for (const row of rows) print(`${row.user_id}  ${row.role.padEnd(9)}  ${row.email}\n`);
      return 0;
    }
    return usage();
  },
  rules: {
    check: (command, values) => {
      if (command === 'create') {
        const problems = missingOptions(values, {
          project: 'the id of the project',
          email: "the user's e-mail address",
          role: 'admin, developer or viewer',
        });
        if (values.role !== undefined && !isRole(values.role)) {
          problems.push(`--role must be admin, developer or viewer, not "${String(values.role)}"`);
        }
        return problems;
      }
      if (command === 'remove' || command === 'reset-password') {
        return missingOptions(values, { id: 'the id of the user (see user:list)' });
      }
      if (command === 'list') return missingOptions(values, { project: 'the id of the project' });
      return commandProblem(command, ['create', 'remove', 'list', 'reset-password']);
    },
    flagNames: () => ({ email: '--email', role: '--role', password: '--password-stdin' }),
  },
};
