import { Router } from 'express';
import { z } from 'zod';
import { JOB_QUEUES, type DeadJob, type JobQueue } from '../../data-access/job-queue';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { DomainError } from '../../shared/domain-error';
import { emptyBodySchema, parseBody } from '../checkout/checkout-routes';
import { requireOpsKey } from './ops-routes';

export const deadListQuery = z
  .object({
    queue: z.enum(JOB_QUEUES),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const deadJobParams = z.object({
  queue: z.enum(JOB_QUEUES).describe('mail or loyalty'),
  id: z.string().uuid().describe("the dead job's id, from the list"),
});

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : undefined);

/**
 * What an operator needs to recognise a dead job: the brand, and the mail's kind, recipient and
 * order, or the order whose points were not posted. Never the mail's content (a reset link, a
 * label), which stays in the queue.
 */
export function summaryOf(job: DeadJob): Record<string, string> {
  const mail =
    typeof job.data.mail === 'object' && job.data.mail !== null ? (job.data.mail as Record<string, unknown>) : {};
  const fields =
    job.queue === 'mail'
      ? { storeKey: job.data.storeKey, kind: mail.kind, to: mail.to, orderNumber: mail.orderNumber }
      : { storeKey: job.data.storeKey, orderNumber: job.data.orderNumber };
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) =>
      text(value) === undefined ? [] : [[name, text(value) as string]],
    ),
  );
}

/**
 * The job queues' dead-letter lists for the back office (OPS_API_KEY): GET /api/ops/jobs/dead
 * lists a queue's jobs out of retries, oldest first; POST /api/ops/jobs/dead/{queue}/{id}/again
 * puts one back on its queue once what failed (the mail relay, the loyalty vendor) is back.
 * A mail or points sent again are still once per order at the vendor and in the queue's keys.
 */
export function jobOpsRoutes(apiKey: string, jobs: JobQueue): Router {
  const router = Router();
  router.use('/jobs', serviceLabel('Background jobs'), requireOpsKey(apiKey));
  router.get('/jobs/dead', async (req, res) => {
    const { queue, limit } = parseBody(deadListQuery, req.query);
    const dead = await jobs.deadJobs(queue, limit);
    res.set('cache-control', 'no-store').json({
      queue,
      jobs: dead.map((job) => ({ id: job.id, deadSince: job.deadSince, summary: summaryOf(job) })),
    });
  });
  router.post('/jobs/dead/:queue/:id/again', async (req, res) => {
    parseBody(emptyBodySchema, req.body);
    const { queue, id } = parseBody(deadJobParams, req.params);
    if (!(await jobs.sendAgain(queue, id)))
      throw new DomainError('JOB_NOT_FOUND', `The ${queue} dead-letter list has no job ${id}.`);
    res.json({ queue, id, sentAgain: true });
  });
  return router;
}
