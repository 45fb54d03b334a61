import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
} from 'graphql';

/** What one operation asks for once every fragment is expanded where it is spread. */
export interface QueryMeasure {
  /** Deepest field nesting (a root field is depth 1). */
  depth: number;
  /** Estimated work: fields, multiplied by the expected length of every list around them. */
  cost: number;
  aliases: number;
  rootFields: number;
}

/** commercetools pages hold 20 results unless `limit` says otherwise, and never more than 500. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
/**
 * Lists without a `limit` (children, ancestors, variants, lineItems, facets, ...) have no bound in
 * the schema; 20 is above what the seed and real shops hold for a category's children or a
 * product's variants, so the estimate errs on the expensive side.
 */
export const UNPAGED_LIST_ESTIMATE = 20;

type Variables = Record<string, unknown> | undefined;
interface Fields {
  getFields(): Record<string, GraphQLField<unknown, unknown>>;
}

const fieldsOf = (type: GraphQLNamedType | undefined): Fields | undefined =>
  type && (isObjectType(type) || isInterfaceType(type)) ? type : undefined;

/** The page size a `limit` argument asks for: literal or variable, else the default. */
function pageSize(
  args: readonly { name: { value: string }; value: ValueNode }[] | undefined,
  variables: Variables,
): number {
  const limit = args?.find((arg) => arg.name.value === 'limit')?.value;
  let value: unknown;
  if (limit?.kind === Kind.INT) value = Number(limit.value);
  else if (limit?.kind === Kind.VARIABLE) value = variables?.[limit.name.value];
  // A value the resolver would refuse is costed as the largest page, never as free.
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    return limit && value !== undefined && value !== null ? MAX_PAGE_SIZE : DEFAULT_PAGE_SIZE;
  return Math.min(value, MAX_PAGE_SIZE);
}

const COST_CEILING = Number.MAX_SAFE_INTEGER;
const ZERO: QueryMeasure = { depth: 0, cost: 0, aliases: 0, rootFields: 0 };

/**
 * Measures an operation with fragments expanded, so spreading a fragment twice costs twice (the
 * depth limit used to stop at spreads, which let the nested-category attack through). Each
 * fragment is measured once per page context and memoised, so a fragment that spreads another
 * twice, ten levels down, costs the analysis ten steps rather than 2^10. Runs before the full
 * validation: unknown fields cost 1 and fragment cycles are cut, validation reports both later.
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
): QueryMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const memo = new Map<string, QueryMeasure>();
  const visiting = new Set<string>();

  /** `page` is the size of the page whose `results` list this selection set may contain. */
  const measureSet = (
    set: SelectionSetNode,
    parent: GraphQLNamedType | undefined,
    page: number | undefined,
  ): QueryMeasure => {
    const total = { ...ZERO };
    const add = (part: QueryMeasure) => {
      total.depth = Math.max(total.depth, part.depth);
      total.cost = Math.min(COST_CEILING, total.cost + part.cost);
      total.aliases += part.aliases;
      total.rootFields += part.rootFields;
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        total.rootFields += 1;
        if (selection.alias) total.aliases += 1;
        const name = selection.name.value;
        if (name === '__typename') {
          total.depth = Math.max(total.depth, 1);
          continue;
        }
        const field = fieldsOf(parent)?.getFields()[name];
        const type = field ? getNullableType(field.type) : undefined;
        // A paged field hands its page size down to its `results` list; other lists get the estimate.
        const childPage = field?.args.some((arg) => arg.name === 'limit')
          ? pageSize(selection.arguments, variables)
          : undefined;
        const inner = selection.selectionSet
          ? measureSet(selection.selectionSet, field ? getNamedType(field.type) : undefined, childPage)
          : ZERO;
        let multiplier = 1;
        if (type && isListType(type) && selection.selectionSet)
          multiplier = page !== undefined && name === 'results' ? page : UNPAGED_LIST_ESTIMATE;
        // Capped so that a zero page times a huge subtree stays 0 rather than NaN (0 * Infinity).
        add({
          depth: 1 + inner.depth,
          cost: Math.min(COST_CEILING, 1 + multiplier * inner.cost),
          aliases: inner.aliases,
          rootFields: 0,
        });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        add(measureSet(selection.selectionSet, condition ?? undefined, page));
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || visiting.has(name)) continue;
        const key = `${name}:${page ?? ''}`;
        let measured = memo.get(key);
        if (!measured) {
          visiting.add(name);
          measured = measureSet(
            fragment.selectionSet,
            schema.getType(fragment.typeCondition.name.value) ?? undefined,
            page,
          );
          visiting.delete(name);
          memo.set(key, measured);
        }
        add(measured);
      }
    }
    return total;
  };

  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return measureSet(operation.selectionSet, root ?? undefined, undefined);
}
