import type { ApiKey } from '../modules/identity/api-key.entity.ts';
import { createApiKey } from '../modules/identity/commands/create-api-key.ts';
import { listApiKeys } from '../modules/identity/commands/list-api-keys.ts';
import { revokeApiKey } from '../modules/identity/commands/revoke-api-key.ts';
import { rollApiKey } from '../modules/identity/commands/roll-api-key.ts';
import { takeOverApiKey } from '../modules/identity/commands/take-over-api-key.ts';
import { type CliProgram, commandProblem, missingOptions, printJson } from './command-line.ts';

const USAGE = `Usage:
  npm run -s key:list -- --project PROJECT_ID [--json]
  npm run -s key:create -- --project PROJECT_ID --label LABEL [--role admin|developer|viewer] [--json]
  npm run -s key:roll -- --id KEY_ID [--overlap PT1H] [--role ROLE] [--json]   (overlap PT0S … PT24H, default PT1H)
  npm run -s key:revoke -- --id KEY_ID [--json]
  npm run -s key:take-over -- --id KEY_ID [--json]     (the key belongs to no user from then on)
A new key's secret is printed once. Keys made here are admin keys unless --role says less; a roll keeps the
rolled key's role and owner.`;

const keyJson = (key: ApiKey, now: Date) => ({
  id: key.id,
  label: key.label ?? null,
  prefix: key.prefix,
  created: key.createdAt.toISOString(),
  last_used: key.lastUsedAt?.toISOString() ?? null,
  expires: key.expiresAt?.toISOString() ?? null,
  revoked: key.revokedAt?.toISOString() ?? null,
  active: key.isActive(now),
  role: key.role,
  created_by: key.createdByUserId ? { id: key.createdByUserId, email: key.createdByEmail } : null,
  owner: key.owner(),
});

const OPTIONS = {
  project: { type: 'string' },
  label: { type: 'string' },
  id: { type: 'string' },
  overlap: { type: 'string' },
  role: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

/** API keys from the command line, on the same database the server uses (`npm run key:…`). */
export const keyProgram: CliProgram<typeof OPTIONS> = {
  usage: USAGE,
  options: OPTIONS,
  handler: async ({ command, values, deps, usage, print }) => {
    // One JSON object with --json, else the text for a person.
    const answer = (json: object, text: string) =>
      values.json ? printJson(json, print) : print(`${text}\n`);
    switch (command) {
      case 'list': {
        if (!values.project) return usage();
        const keys = (await listApiKeys(deps, values.project)).map((key) => keyJson(key, deps.now()));
        const lines = keys.map(
          (k) =>
            `${k.id}  ${k.prefix}…  ${k.active ? 'active ' : 'stopped'}  ${k.label ?? ''}${k.expires ? `  expires ${k.expires}` : ''}`,
        );
        answer({ keys }, lines.join('\n') || '(no keys)');
        return 0;
      }
      case 'create': {
        if (!values.project || !values.label) return usage();
        const { key, secret } = await createApiKey(deps, values.project, {
          label: values.label,
          role: values.role,
          maker: null,
        });
        answer(
          { id: key.id, api_key: secret },
          `API key ${key.id}\n${secret}\nThe key is shown only once: store it now.`,
        );
        return 0;
      }
      case 'roll': {
        if (!values.id) return usage();
        const rolled = await rollApiKey(deps, null, {
          keyId: values.id,
          overlap: values.overlap,
          role: values.role,
          maker: null,
        });
        answer(
          { id: rolled.key.id, api_key: rolled.secret },
          `API key ${rolled.key.id}\n${rolled.secret}\nThe key is shown only once: store it now.\n` +
            `The old key ${rolled.previous.prefix}… stops at ${rolled.previous.expiresAt!.toISOString()}.`,
        );
        return 0;
      }
      case 'revoke': {
        if (!values.id) return usage();
        const key = await revokeApiKey(deps, null, values.id);
        answer(
          { id: key.id, revoked: key.revokedAt!.toISOString() },
          `API key ${key.prefix}… revoked; every server refuses it from now on.`,
        );
        return 0;
      }
      case 'take-over': {
        if (!values.id) return usage();
        const key = await takeOverApiKey(deps, null, values.id, null);
        answer(
          { id: key.id, owner: null },
          `API key ${key.prefix}… belongs to no user now: removing its maker no longer revokes it.`,
        );
        return 0;
      }
      default:
        return usage();
    }
  },
  rules: {
    check: (command, values) => {
      const project = { project: 'the id of the project' };
      const id = { id: 'the id of the key (see key:list)' };
      if (command === 'list') return missingOptions(values, project);
      if (command === 'create') return missingOptions(values, { ...project, label: 'a name for the key' });
      if (command === 'roll' || command === 'revoke' || command === 'take-over') {
        return missingOptions(values, id);
      }
      return commandProblem(command, ['list', 'create', 'roll', 'revoke', 'take-over']);
    },
    flagNames: () => ({
      label: '--label',
      overlap: '--overlap',
      id: '--id',
      projectId: '--project',
      role: '--role',
    }),
  },
};
