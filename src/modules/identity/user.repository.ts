import { Repository } from '../../platform/db/repository.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { MerchantSession } from './session.entity.ts';
import { MerchantUser } from './user.entity.ts';

export class UserRepository extends Repository {
  /** By e-mail address, stored and looked up in lower case (there is one account per address). */
  findByEmail(email: string): Promise<MerchantUser | null> {
    return this.em.findOne(MerchantUser, { email: email.toLowerCase() });
  }

  findById(userId: string): Promise<MerchantUser | null> {
    if (!isUuidText(userId)) return Promise.resolve(null);
    return this.em.findOne(MerchantUser, { id: userId });
  }

  findInProject(projectId: string, userId: string): Promise<MerchantUser | null> {
    if (!isUuidText(userId)) return Promise.resolve(null);
    return this.em.findOne(MerchantUser, { id: userId, projectId });
  }

  listInProject(projectId: string): Promise<MerchantUser[]> {
    return this.em.find(MerchantUser, { projectId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  countAdmins(projectId: string): Promise<number> {
    return this.em.count(MerchantUser, { projectId, role: 'admin' });
  }

  add(entity: MerchantUser | MerchantSession): void {
    this.em.persist(entity);
  }

  /** Removes the user; its sessions go with it (on delete cascade), so its access ends at commit. */
  remove(user: MerchantUser): void {
    this.em.remove(user);
  }

  findOpenSession(tokenHash: string): Promise<MerchantSession | null> {
    return this.em.findOne(MerchantSession, { tokenHash, endedAt: null });
  }
}
