import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import type { Role } from '../../platform/auth/roles.ts';

export const MerchantUserSchema = defineEntity({
  name: 'MerchantUser',
  tableName: 'merchant_users',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    /** In lower case; unique. */
    email: p.text(),
    /** argon2id PHC string (password.ts). */
    passwordHash: p.text(),
    role: p.enum(['admin', 'developer', 'viewer'] as const),
    createdAt: p.datetime(),
  },
});

export class MerchantUser extends MerchantUserSchema.class {
  static create(input: {
    projectId: string;
    email: string;
    role: Role;
    passwordHash: string;
    at: Date;
  }): MerchantUser {
    return Object.assign(new MerchantUser(), {
      id: randomUUID(),
      projectId: input.projectId,
      email: input.email,
      passwordHash: input.passwordHash,
      role: input.role,
      createdAt: input.at,
    });
  }
}
MerchantUserSchema.setClass(MerchantUser);
