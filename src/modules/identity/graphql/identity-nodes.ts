import type { NodeType } from '../../../platform/graphql/node.ts';
import { findApiKeys } from '../commands/find-api-keys.ts';
import { findUsers } from '../commands/find-user.ts';

/**
 * `node(id:)` for API keys: one statement for every id asked, and only for callers `apiKeys` admits (signed-in
 * developers and admins); anyone else gets null, as for a missing id.
 */
export const apiKeyNode: NodeType = {
  typename: 'ApiKey',
  access: 'apiKeys',
  async load({ deps, actor }, ids) {
    return new Map((await findApiKeys(deps, actor.projectId, ids)).map((key) => [key.id, key]));
  },
};

/** `node(id:)` for merchant users: one statement, and only for callers `users` admits (signed-in admins). */
export const userNode: NodeType = {
  typename: 'User',
  access: 'users',
  async load({ deps, actor }, ids) {
    return new Map((await findUsers(deps, actor.projectId, ids)).map((user) => [user.id, user]));
  },
};
