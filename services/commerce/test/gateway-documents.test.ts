import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Kind, type OperationDefinitionNode, parse, specifiedRules, validate } from 'graphql';
import ts from 'typescript';
import { GRAPHQL_LIMITS, limitViolation } from '../src/graphql/limits';
import { measureOperation } from '../src/graphql/query-cost';
import { schema } from '../src/graphql/schema';

/*
 * Every GraphQL document the gateway sends must pass the commerce limits with room to spare, so
 * tightening a limit or growing a gateway query cannot break the shop unnoticed. The listing is
 * rendered at its largest: one facet search per facetable filter.
 */
const repo = join(__dirname, '..', '..', '..');
const adapter = join(repo, 'api-gateway', 'src', 'clients', 'commercetools');
const catalogConstants = readFileSync(join(repo, 'libs', 'contracts', 'src', 'catalog-constants.ts'), 'utf8');
const MAX_PAGE_SIZE = Number(/MAX_PAGE_SIZE = (\d+)/.exec(catalogConstants)?.[1]);
const FILTER_NAMES = [...(/FILTER_NAMES = \[([^\]]*)\]/.exec(catalogConstants)?.[1].matchAll(/'([^']+)'/g) ?? [])].map(
  (m) => m[1],
);
/** The listing sends one facet search per selected filter, style number excepted. */
const FACET_SEARCHES = FILTER_NAMES.filter((name) => name !== 'masterStyle').length;

/**
 * The gateway's commercetools adapter keeps every document it sends in one dependency-free file;
 * it is read as data (a service does not import an app), compiled and run on its own.
 */
function gatewayDocuments(): (maxOwnFacets: number) => Array<{ name: string; text: string }> {
  const source = readFileSync(join(adapter, 'documents.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const module = { exports: {} as { allDocuments?: (maxOwnFacets: number) => Array<{ name: string; text: string }> } };
  runInNewContext(outputText, { module, exports: module.exports });
  if (!module.exports.allDocuments) throw new Error('documents.ts no longer exports allDocuments');
  return module.exports.allDocuments;
}

const documents = gatewayDocuments()(FACET_SEARCHES);

describe('the GraphQL documents the gateway sends', () => {
  it('are all listed by the adapter', () => {
    const written = readdirSync(adapter)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .reduce(
        (count, file) =>
          count + (readFileSync(join(adapter, file), 'utf8').match(/`\s*(query|mutation)\s/g)?.length ?? 0),
        0,
      );
    expect(documents.length).toBe(written);
    expect(documents.length).toBeGreaterThanOrEqual(14);
    expect(documents.map((d) => d.name)).toEqual(
      expect.arrayContaining(['ProductListing', 'BrandCategories', 'ProductDetail', 'Suggest', 'SignUp', 'TakeCart']),
    );
  });

  it.each(documents.map((d) => [d.name, d.text]))(
    '%s is valid and stays under a third of the cost limit',
    (_name, text) => {
      const document = parse(text, { maxTokens: GRAPHQL_LIMITS.maxTokens });
      expect(validate(schema, document, specifiedRules).map((e) => e.message)).toEqual([]);
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      ) as OperationDefinitionNode;
      // The largest page the gateway asks for; other variables do not change the cost.
      const measure = measureOperation(schema, document, operation, { limit: MAX_PAGE_SIZE });
      expect(limitViolation(measure)).toBeUndefined();
      expect(measure.cost).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost / 3);
      expect(measure.depth).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxDepth - 5);
      expect(measure.rootFields).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxRootFields - 5);
      expect(measure.aliases).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxAliases - 10);
    },
  );

  it('renders the listing at its largest: the page plus one facet search per filter', () => {
    const listing = documents.find((d) => d.text.includes('query ProductListing'))?.text ?? '';
    expect(MAX_PAGE_SIZE).toBeGreaterThan(0);
    expect(FACET_SEARCHES).toBe(8);
    expect(listing.match(/productProjectionSearch\(/g)).toHaveLength(1 + FACET_SEARCHES);
    const document = parse(listing);
    const measure = measureOperation(schema, document, document.definitions[0] as OperationDefinitionNode, {
      limit: MAX_PAGE_SIZE,
    });
    expect(measure.rootFields).toBe(1 + FACET_SEARCHES);
    // Recorded for the choice of maxCost in src/graphql/limits.ts.
    expect(measure.cost).toBeGreaterThan(20_000);
  });
});
