import { type DocumentNode, GraphQLError, type ValidationRule, execute, parse, specifiedRules, validate } from 'graphql';
import type { Logger } from '@shop/node-kit';
import { CommerceError } from '../errors';
import type { CommerceServices } from '../services';
import { createRootValue } from './resolvers';
import { schema } from './schema';

const MAX_QUERY_LENGTH = 100_000;
const MAX_DEPTH = 15;

/** Refuses absurdly deep queries before any resolver runs. */
const depthLimit: ValidationRule = (context) => {
  const depthOf = (node: { selectionSet?: { selections: readonly unknown[] } }, depth: number): number => {
    if (!node.selectionSet) return depth;
    return Math.max(depth, ...node.selectionSet.selections.map((child) => depthOf(child as typeof node, depth + 1)));
  };
  return {
    OperationDefinition(node) {
      if (depthOf(node as never, 0) > MAX_DEPTH) context.reportError(new GraphQLError(`The query is nested deeper than ${MAX_DEPTH} levels.`));
    },
  };
};

export interface GraphqlResponse {
  status: number;
  body: { data?: unknown; errors?: Array<{ message: string; locations?: unknown; path?: unknown; extensions: Record<string, unknown> }> };
}

const requestError = (message: string, locations?: unknown): GraphqlResponse => ({
  status: 400,
  body: { errors: [{ message, ...(locations ? { locations } : {}), extensions: { code: 'InvalidInput' } }] },
});

/** Runs one GraphQL request: `{query, operationName?, variables?}` -> `{data?, errors?}`. */
export function createGraphqlExecutor(services: CommerceServices, logger: Logger) {
  const rootValue = createRootValue(services);
  const cache = new Map<string, DocumentNode>();

  return async (body: unknown, correlationId: string): Promise<GraphqlResponse> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return requestError('The request body must be a JSON object with a query.');
    const { query, operationName, variables } = body as Record<string, unknown>;
    if (typeof query !== 'string' || query.trim() === '') return requestError('The request must contain a query string.');
    if (query.length > MAX_QUERY_LENGTH) return requestError('The query is too long.');
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return requestError('operationName must be a string.');
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      return requestError('variables must be a JSON object.');
    }
    let document = cache.get(query);
    if (!document) {
      try {
        document = parse(query);
      } catch (error) {
        return requestError((error as GraphQLError).message, (error as GraphQLError).locations);
      }
      const invalid = validate(schema, document, [...specifiedRules, depthLimit]);
      if (invalid.length > 0) return { status: 400, body: { errors: invalid.map((e) => ({ message: e.message, locations: e.locations, extensions: { code: 'InvalidInput' } })) } };
      if (cache.size < 500) cache.set(query, document);
    }
    const result = await execute({
      schema,
      document,
      rootValue,
      variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: (operationName ?? undefined) as string | undefined,
    });
    if (!result.errors) return { status: 200, body: { data: result.data } };
    const errors = result.errors.map((error) => {
      const original = error.originalError;
      if (original instanceof CommerceError) {
        return { message: original.message, locations: error.locations, path: error.path, extensions: { code: original.code, ...original.extras } };
      }
      if (!original || original instanceof GraphQLError) {
        // Variable coercion and similar request problems.
        return { message: error.message, locations: error.locations, path: error.path, extensions: { code: 'InvalidInput' } };
      }
      logger.error('GraphQL resolver failed', { correlationId, path: error.path, error: original.stack ?? original.message });
      return { message: 'An internal error occurred.', path: error.path, extensions: { code: 'General', correlationId } };
    });
    const onlyRequestErrors = result.data === undefined && errors.every((e) => e.extensions.code === 'InvalidInput');
    return { status: onlyRequestErrors ? 400 : 200, body: { ...(result.data !== undefined ? { data: result.data } : {}), errors } };
  };
}
