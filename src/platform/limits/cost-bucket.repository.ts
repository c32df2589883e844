import { preparedStatement } from '../db/prepared.ts';
import { Repository } from '../db/repository.ts';

/** What one take from a project's shared bucket handed out, and what it left. */
export interface BucketTake {
  /** Points handed out: `want` when the bucket held it, less when it held less; 0 when it held less than `need`. */
  granted: number;
  /** Points left in the shared bucket right after. */
  available: number;
}

/**
 * Refills the bucket for the time since its last take (`restore` points a second, up to `size`) and takes back
 * what the process returns ($6: a reservation's points it did not spend), then hands out `want` points, or all it
 * holds when that is less, provided it holds at least `need` ($4, $5); else nothing. A new project's bucket starts
 * full. One statement, a row lock held only for itself: processes taking from one project's bucket at once queue
 * on its row, each seeing what the one before left.
 * $1 project, $2 size, $3 restore rate per second, $4 need, $5 want, $6 returned.
 */
const TAKE = preparedStatement(
  'graphql_cost.take',
  `with level as (
     select least($2::float8, coalesce(
       (select b.available + $6::float8 + $3::float8 * extract(epoch from (now() - b.updated_at))
          from graphql_cost_buckets b where b.project_id = $1::uuid),
       $2::float8)) as points
   )
   insert into graphql_cost_buckets as b (project_id, available, granted, updated_at)
   select $1::uuid,
          level.points - case when level.points >= $4::float8 then least($5::float8, level.points) else 0 end,
          case when level.points >= $4::float8 then least($5::float8, level.points) else 0 end,
          now()
     from level
   on conflict (project_id) do update set
     available = least($2::float8, b.available + $6::float8 + $3::float8 * extract(epoch from (now() - b.updated_at)))
       - case when least($2::float8, b.available + $6::float8 + $3::float8 * extract(epoch from (now() - b.updated_at))) >= $4::float8
              then least($5::float8, least($2::float8, b.available + $6::float8 + $3::float8 * extract(epoch from (now() - b.updated_at))))
              else 0 end,
     granted = case when least($2::float8, b.available + $6::float8 + $3::float8 * extract(epoch from (now() - b.updated_at))) >= $4::float8
              then least($5::float8, least($2::float8, b.available + $6::float8 + $3::float8 * extract(epoch from (now() - b.updated_at))))
              else 0 end,
     updated_at = now()
   returning b.granted, b.available`,
);

/** The `graphql_cost_buckets` table: each project's shared leaky bucket of GraphQL cost points. */
export class CostBucketRepository extends Repository {
  async take(
    projectId: string,
    bucket: { size: number; restoreRate: number },
    need: number,
    want: number,
    returned = 0,
  ): Promise<BucketTake> {
    const [row] = await this.prepared<{ granted: number; available: number }>(TAKE, [
      projectId,
      bucket.size,
      bucket.restoreRate,
      need,
      want,
      returned,
    ]);
    return { granted: Number(row!.granted), available: Number(row!.available) };
  }
}
