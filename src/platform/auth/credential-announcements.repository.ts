import { preparedStatement } from '../db/prepared.ts';
import { Repository } from '../db/repository.ts';
import { CREDENTIAL_CHANNEL } from '../pubsub/channels.ts';
import type { CredentialChange } from './credential-change.ts';

const ANNOUNCE = preparedStatement('credentials.announce', 'select pg_notify($1, $2)');

/** The cross-process notice of a credential change (every process's credential cache listens). */
export class CredentialAnnouncements extends Repository {
  /** Tells every process (this one included) once the surrounding transaction commits. */
  async announce(change: CredentialChange): Promise<void> {
    await this.prepared(ANNOUNCE, [CREDENTIAL_CHANNEL, JSON.stringify(change)]);
  }
}
