import { Migration } from '@mikro-orm/migrations';

/**
 * The 3-D Secure challenge timeout (payments/challenge-timeout-sweep.ts): a challenge nobody answers within
 * `THREE_D_SECURE_CHALLENGE_TIMEOUT` expires. Its sweep finds them through this partial index: only the
 * authorizations still waiting for their challenge (`modified_at` is when the challenge was asked for; nothing
 * else touches the row while it waits). Card attempts that need no challenge never enter it, so the card flow
 * writes no index entry for it; the columns it reads (`result`, `modified_at`) change only when a challenge is
 * answered, cancelled or timed out, or an acquirer answers late.
 */
export class Migration20261130120000_challenge_timeout_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index card_authorizations_challenges_idx on card_authorizations (modified_at)
        where result = 'challenge_required';
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop index card_authorizations_challenges_idx;');
  }
}
