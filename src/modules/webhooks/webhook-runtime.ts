import type { AppConfig } from '../../config/index.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';

/**
 * The job queue for webhook commands run from a request (redelivery). Commands get `deps` (database, clock,
 * configuration) and GraphQL resolvers have no services, so the queue is found through the configuration
 * object of the running app; two apps in one process (tests) each have their own.
 */
const queues = new WeakMap<AppConfig, JobQueue>();

export function bindWebhookJobs(config: AppConfig, jobs: JobQueue): void {
  queues.set(config, jobs);
}

export function webhookJobsFor(config: AppConfig): JobQueue {
  const jobs = queues.get(config);
  if (!jobs) throw new Error('webhook job queue is not bound to this app');
  return jobs;
}
