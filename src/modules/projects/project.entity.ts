import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export type ProjectMode = 'test' | 'live';

export const MerchantSchema = defineEntity({
  name: 'Merchant',
  tableName: 'merchants',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Merchant extends MerchantSchema.class {
  /** A new merchant (its first project is created with it). */
  static create(name: string): Merchant {
    return Object.assign(new Merchant(), { id: randomUUID(), name });
  }
}
MerchantSchema.setClass(Merchant);

export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    name: p.text(),
    mode: p.enum(['test', 'live'] as const),
    webhookUrl: p.text().nullable(),
    paymentMethods: p.array(),
    createdAt: p.datetime().onCreate(() => new Date()),
    modifiedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Project extends ProjectSchema.class {
  /** A new project of `merchantId`. */
  static create(
    fields: Pick<Project, 'merchantId' | 'name' | 'mode' | 'webhookUrl' | 'paymentMethods'>,
  ): Project {
    return Object.assign(new Project(), { id: randomUUID(), ...fields });
  }
}
ProjectSchema.setClass(Project);
