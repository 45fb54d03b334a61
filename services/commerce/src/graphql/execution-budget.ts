import { type GraphQLFieldResolver, defaultFieldResolver } from 'graphql';
import { CommerceError } from '../errors';
import { GRAPHQL_LIMITS } from './limits';

/**
 * Per-request bounds checked at every field, so a request that runs long or grows huge stops
 * early instead of finishing work nobody will receive. It is the GraphQL context value; the
 * resolvers themselves never read the context.
 */
export class ExecutionBudget {
  private readonly deadline: number;
  private resolved = 0;
  /** The first bound crossed; once set, every further field fails at once. */
  exceeded: CommerceError | undefined;

  constructor(
    private readonly limits: { timeBudgetMs: number; maxResolvedFields: number } = GRAPHQL_LIMITS,
    private readonly now: () => number = () => performance.now(),
    /** Aborted when the caller has gone (closed the connection at its own deadline). */
    private readonly caller?: AbortSignal,
  ) {
    this.deadline = now() + limits.timeBudgetMs;
  }

  charge() {
    if (this.exceeded) throw this.exceeded;
    this.resolved += 1;
    if (this.caller?.aborted) {
      this.exceeded = abandoned();
    } else if (this.resolved > this.limits.maxResolvedFields) {
      this.exceeded = new CommerceError(
        400,
        'ResponseTooLarge',
        'The response would be too large: ask for fewer or smaller pages.',
      );
    } else if (this.now() > this.deadline) {
      this.exceeded = new CommerceError(
        400,
        'QueryTimedOut',
        `The query took longer than ${this.limits.timeBudgetMs} ms; ask for less at once.`,
      );
    }
    if (this.exceeded) throw this.exceeded;
  }
}

/**
 * The caller closed the connection before its answer was ready: nobody will read the answer, so
 * the work stops. Under load this keeps requests the gateway has given up on from taking time
 * from the ones it still waits for.
 */
export const abandoned = () =>
  new CommerceError(408, 'RequestAbandoned', 'The caller closed the connection before the answer was ready.');

/** The default field resolver, charged against the request's budget first. */
export const budgetedFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (context instanceof ExecutionBudget) context.charge();
  return defaultFieldResolver(source, args, context, info);
};
