import {
  type DocumentNode,
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import type { Logger } from '@shop/node-kit';
import { CommerceError } from '../errors';
import type { CommerceServices } from '../services';
import { findUncleanText, uncleanTextMessage } from '../text-hygiene';
import { ExecutionBudget, abandoned, budgetedFieldResolver } from './execution-budget';
import { GRAPHQL_LIMITS, type GraphqlLimits, limitViolation } from './limits';
import { measureOperation } from './query-cost';
import { createRootValue } from './resolvers';
import { schema } from './schema';

const MAX_QUERY_LENGTH = 100_000;

type GraphqlError = { message: string; locations?: unknown; path?: unknown; extensions: Record<string, unknown> };

export interface GraphqlResponse {
  status: number;
  body: { data?: unknown; errors?: GraphqlError[] };
  /** The body already serialised (it was measured against the response size limit). */
  json: string;
}

const respond = (status: number, body: GraphqlResponse['body']): GraphqlResponse => ({
  status,
  body,
  json: JSON.stringify(body),
});

const refuse = (error: CommerceError): GraphqlResponse =>
  respond(error.statusCode, {
    errors: [{ message: error.message, extensions: { code: error.code, ...error.extras } }],
  });

const requestError = (message: string, locations?: unknown): GraphqlResponse =>
  respond(400, { errors: [{ message, ...(locations ? { locations } : {}), extensions: { code: 'InvalidInput' } }] });

/** The operation execute() will run; when the name matches none, every operation (validation reports it). */
const operationsToMeasure = (document: DocumentNode, operationName: string | undefined) => {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const named = operationName ? operations.filter((o) => o.name?.value === operationName) : [];
  return named.length > 0 ? named : operations;
};

export interface GraphqlExecutorOptions {
  /** Introspection answers only where developers work (development and test). */
  introspection: boolean;
  limits?: GraphqlLimits;
}

/** Runs one GraphQL request: `{query, operationName?, variables?}` -> `{data?, errors?}`. */
export function createGraphqlExecutor(services: CommerceServices, logger: Logger, options: GraphqlExecutorOptions) {
  const limits = options.limits ?? GRAPHQL_LIMITS;
  const rootValue = createRootValue(services);
  const rules = options.introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  const cache = new Map<string, DocumentNode>();

  /** `caller` is aborted when the caller closes the connection: nothing more is done for it. */
  return async (body: unknown, correlationId: string, caller?: AbortSignal): Promise<GraphqlResponse> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return requestError('The request body must be a JSON object with a query.');
    const { query, operationName, variables } = body as Record<string, unknown>;
    if (typeof query !== 'string' || query.trim() === '')
      return requestError('The request must contain a query string.');
    if (query.length > MAX_QUERY_LENGTH) return requestError('The query is too long.');
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
      return requestError('operationName must be a string.');
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      return requestError('variables must be a JSON object.');
    }
    const unclean = findUncleanText({ query, operationName, variables });
    if (unclean) return requestError(uncleanTextMessage(unclean));
    const variableValues = (variables ?? undefined) as Record<string, unknown> | undefined;
    const name = (operationName ?? undefined) as string | undefined;

    let document = cache.get(query);
    const cached = document !== undefined;
    if (!document) {
      try {
        document = parse(query, { maxTokens: limits.maxTokens });
      } catch (error) {
        return requestError((error as GraphQLError).message, (error as GraphQLError).locations);
      }
    }
    // Measured per request (a `limit` may come from the variables) and before the full validation,
    // whose overlapping-fields rule is itself quadratic in the number of aliased fields.
    for (const operation of operationsToMeasure(document, name)) {
      const violation = limitViolation(measureOperation(schema, document, operation, variableValues), limits);
      if (violation) return refuse(violation);
    }
    if (!cached) {
      const invalid = validate(schema, document, rules);
      if (invalid.length > 0)
        return respond(400, {
          errors: invalid.map((e) => ({
            message: e.message,
            locations: e.locations,
            extensions: { code: 'InvalidInput' },
          })),
        });
      if (cache.size < 500) cache.set(query, document);
    }

    // A request that waited for its turn past the caller's patience is not run at all.
    if (caller?.aborted) return refuse(abandoned());
    // A mutation's time is its writes (a password hash takes a while on a busy machine): once they
    // are committed, stopping at the deadline would only lose the answer and make the caller's
    // retry fail as a duplicate. Reads keep the time budget; every operation keeps the field cap.
    const mutation = getOperationAST(document, name)?.operation === 'mutation';
    const budget = new ExecutionBudget(
      mutation ? { ...limits, timeBudgetMs: Number.POSITIVE_INFINITY } : limits,
      undefined,
      caller,
    );
    const result = await execute({
      schema,
      document,
      rootValue,
      contextValue: budget,
      fieldResolver: budgetedFieldResolver,
      variableValues,
      operationName: name,
    });
    // A request past its budget gets the reason alone, not thousands of copies of it and partial data.
    if (budget.exceeded) return refuse(budget.exceeded);
    let response: GraphqlResponse;
    if (!result.errors) {
      response = respond(200, { data: result.data });
    } else {
      const errors: GraphqlError[] = result.errors.map((error) => {
        const original = error.originalError;
        if (original instanceof CommerceError) {
          return {
            message: original.message,
            locations: error.locations,
            path: error.path,
            extensions: { code: original.code, ...original.extras },
          };
        }
        if (!original || original instanceof GraphQLError) {
          // Variable coercion and similar request problems.
          return {
            message: error.message,
            locations: error.locations,
            path: error.path,
            extensions: { code: 'InvalidInput' },
          };
        }
        logger.error('GraphQL resolver failed', {
          correlationId,
          path: error.path,
          error: original.stack ?? original.message,
        });
        return {
          message: 'An internal error occurred.',
          path: error.path,
          extensions: { code: 'General', correlationId },
        };
      });
      // No data (a non-null root field failing leaves null) and only the caller's mistakes: a 400.
      const onlyRequestErrors =
        (result.data === undefined || result.data === null) &&
        errors.every((e) => e.extensions.code === 'InvalidInput');
      response = respond(onlyRequestErrors ? 400 : 200, {
        ...(result.data !== undefined ? { data: result.data } : {}),
        errors,
      });
    }
    if (Buffer.byteLength(response.json) > limits.maxResponseBytes) {
      return refuse(
        new CommerceError(
          400,
          'ResponseTooLarge',
          `The response would exceed ${limits.maxResponseBytes} bytes: ask for fewer or smaller pages.`,
        ),
      );
    }
    return response;
  };
}
