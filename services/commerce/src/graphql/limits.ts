import { CommerceError, invalidInput } from '../errors';
import type { QueryMeasure } from './query-cost';

/**
 * What one GraphQL request may ask for. The gateway's heaviest document, the product listing
 * with 48 results and all eight facet searches, measures about 60,000 (see
 * test/gateway-documents.test.ts), so 200,000 leaves it three times the room while the
 * nested-category attack of the penetration test (five list levels, 20^5) measures over 3 million.
 */
export interface GraphqlLimits {
  readonly maxDepth: number;
  readonly maxCost: number;
  readonly maxAliases: number;
  readonly maxRootFields: number;
  readonly maxTokens: number;
  readonly maxResponseBytes: number;
  readonly timeBudgetMs: number;
  readonly maxResolvedFields: number;
}

export const GRAPHQL_LIMITS: GraphqlLimits = {
  /** Deep enough for the standard introspection query (15) and the gateway's documents (7). */
  maxDepth: 15,
  maxCost: 200_000,
  maxAliases: 30,
  /** The listing sends up to nine root fields (the page plus one facet search per selected filter). */
  maxRootFields: 15,
  /** Bounds the lexer: a listing is a few hundred tokens. */
  maxTokens: 10_000,
  maxResponseBytes: 4 * 1024 * 1024,
  timeBudgetMs: 5_000,
  /** A second bound on work during execution, for what the static cost underestimates. */
  maxResolvedFields: 300_000,
};

/** The first limit the measured operation breaks, as the error to answer, or nothing. */
export function limitViolation(
  measure: QueryMeasure,
  limits: GraphqlLimits = GRAPHQL_LIMITS,
): CommerceError | undefined {
  if (measure.depth > limits.maxDepth)
    return invalidInput(`The query is nested deeper than ${limits.maxDepth} levels.`);
  if (measure.aliases > limits.maxAliases)
    return invalidInput(`The query uses more than ${limits.maxAliases} aliases.`);
  if (measure.rootFields > limits.maxRootFields)
    return invalidInput(`The query asks for more than ${limits.maxRootFields} root fields.`);
  if (measure.cost > limits.maxCost) {
    return new CommerceError(
      400,
      'QueryComplexityLimitExceeded',
      'The query is too complex: ask for fewer or smaller pages, or nest less.',
      {
        complexity: measure.cost,
        maxComplexity: limits.maxCost,
      },
    );
  }
  return undefined;
}
