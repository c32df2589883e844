import { Repository } from '../../platform/db/repository.ts';
import { isUuid } from '../orders/order.repository.ts';
import { VaultCard } from './vault-card.entity.ts';

export class VaultCardRepository extends Repository {
  /** A vault token is only ever found inside its own project: another project's token is simply unknown. */
  findForProject(projectId: string, vaultToken: string): Promise<VaultCard | null> {
    if (!isUuid(vaultToken)) return Promise.resolve(null);
    return this.em.findOne(VaultCard, { id: vaultToken, projectId });
  }

  findById(vaultToken: string): Promise<VaultCard | null> {
    if (!isUuid(vaultToken)) return Promise.resolve(null);
    return this.em.findOne(VaultCard, { id: vaultToken });
  }

  /** The card stored with a transaction's setup token, if any. */
  findStoredFor(transactionId: string): Promise<VaultCard | null> {
    return this.em.findOne(VaultCard, { transactionId });
  }

  add(card: VaultCard): void {
    this.em.persist(card);
  }
}
