import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Kind, type OperationDefinitionNode, parse, specifiedRules, validate } from 'graphql';
import { GRAPHQL_LIMITS, limitViolation } from '../src/graphql/limits';
import { measureOperation } from '../src/graphql/query-cost';
import { schema } from '../src/graphql/schema';
import { type TemplateLiteral, templateLiterals } from './template-literals';

/*
 * Every GraphQL document the gateway sends must pass the commerce limits with room to spare, so
 * tightening a limit or growing a gateway query cannot break the shop unnoticed. The documents
 * are read from the gateway's source; the listing's dynamic parts are rendered at their largest.
 */
const repo = join(__dirname, '..', '..', '..');
const gatewaySrc = join(repo, 'api-gateway', 'src');
const catalogConstants = readFileSync(join(repo, 'libs', 'contracts', 'src', 'catalog-constants.ts'), 'utf8');
const MAX_PAGE_SIZE = Number(/MAX_PAGE_SIZE = (\d+)/.exec(catalogConstants)?.[1]);
const FILTER_NAMES = [.../FILTER_NAMES = \[([^\]]*)\]/.exec(catalogConstants)?.[1].matchAll(/'([^']+)'/g) ?? []].map((m) => m[1]);
/** The listing sends one facet search per selected filter, style number excepted. */
const FACET_SEARCHES = FILTER_NAMES.filter((name) => name !== 'masterStyle').length;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );
const files = sourceFiles(gatewaySrc).map((path) => ({ path, source: readFileSync(path, 'utf8') }));

/** `const NAME = '...'` or a template literal, per file; exported ones also for other files. */
const constantsOf = (source: string) => {
  const found = new Map<string, TemplateLiteral>();
  const literals = templateLiterals(source);
  for (const match of source.matchAll(/const (\w+)\s*=\s*(?:'([^'\\]*)'|`)/g)) {
    const template = match[2] !== undefined ? { start: -1, quasis: [match[2]], expressions: [] } : literals.find((t) => t.start === (match.index ?? 0) + match[0].length - 1);
    if (template) found.set(match[1], template);
  }
  return found;
};
const local = new Map(files.map((file) => [file.path, constantsOf(file.source)]));
const everywhere = new Map([...local.values()].flatMap((constants) => [...constants]));

/** The listing's interpolations that are not constants, rendered as the largest document they can make. */
const listingDeclarations = [
  '$store: String', '$text: String', '$queryFilters: [SearchFilterInput!]', '$filters: [SearchFilterInput!]', '$facets: [SearchFacetInput!]',
  '$sorts: [String!]', '$limit: Int', '$offset: Int',
  ...Array.from({ length: FACET_SEARCHES }, (_, i) => [`$f${i}: [SearchFilterInput!]`, `$facet${i}: [SearchFacetInput!]`]).flat(),
];
const DYNAMIC: Record<string, (render: (template: TemplateLiteral, values?: Record<string, string>) => string, path: string) => string> = {
  "declarations.join(', ')": () => listingDeclarations.join(', '),
  "own.map((_, i) => search(`own${i}`, `facetFilters: $f${i}, facets: $facet${i}, limit: 0`, facetFields)).join('\\n    ')": (render, path) =>
    Array.from({ length: FACET_SEARCHES }, (_, i) =>
      render(local.get(path)?.get('search') as TemplateLiteral, {
        alias: `own${i}`,
        args: `facetFilters: $f${i}, facets: $facet${i}, limit: 0`,
        fields: render(local.get(path)?.get('facetFields') as TemplateLiteral),
      }),
    ).join('\n'),
};

const unknownExpressions = new Set<string>();
const renderIn = (path: string) => {
  const render = (template: TemplateLiteral, values: Record<string, string> = {}): string =>
    template.quasis.reduce((text, quasi, i) => {
      const expression = template.expressions[i - 1];
      const constant = local.get(path)?.get(expression) ?? everywhere.get(expression);
      let value: string;
      if (expression in values) value = values[expression];
      else if (constant) value = render(constant);
      else if (DYNAMIC[expression]) value = DYNAMIC[expression](render, path);
      else {
        unknownExpressions.add(`${relative(repo, path)}: ${expression}`);
        value = '';
      }
      return text + value + quasi;
    });
  return render;
};

// The search helper is a template too (it starts with an alias): constantsOf missed arrow functions.
for (const file of files) {
  const search = /const search = \([^)]*\) =>\s*`/.exec(file.source);
  if (search) local.get(file.path)?.set('search', templateLiterals(file.source).find((t) => t.start === search.index + search[0].length - 1) as TemplateLiteral);
}

const documents = files.flatMap((file) =>
  templateLiterals(file.source)
    .filter((template) => /^\s*(query|mutation)\s/.test(template.quasis[0]))
    .map((template) => ({ file: relative(repo, file.path), text: renderIn(file.path)(template) })),
);

describe('the GraphQL documents the gateway sends', () => {
  it('are all found in the gateway source, with every interpolation understood', () => {
    const rawCount = files.reduce((count, file) => count + (file.source.match(/`\s*(query|mutation)\s/g)?.length ?? 0), 0);
    expect(documents.length).toBe(rawCount);
    expect(documents.length).toBeGreaterThanOrEqual(15);
    expect([...unknownExpressions]).toEqual([]);
    const names = documents.map((d) => /^\s*(?:query|mutation)\s+(\w+)/.exec(d.text)?.[1]);
    expect(names).toEqual(expect.arrayContaining(['ProductListing', 'BrandCategories', 'ProductDetail', 'Suggest', 'SignUp', 'TakeCart']));
  });

  it.each(documents.map((d) => [/^\s*(?:query|mutation)\s+(\w+)/.exec(d.text)?.[1] ?? '?', d.file, d.text]))(
    '%s (%s) is valid and stays under a third of the cost limit',
    (_name, _file, text) => {
      const document = parse(text, { maxTokens: GRAPHQL_LIMITS.maxTokens });
      expect(validate(schema, document, specifiedRules).map((e) => e.message)).toEqual([]);
      const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
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
    const measure = measureOperation(schema, document, document.definitions[0] as OperationDefinitionNode, { limit: MAX_PAGE_SIZE });
    expect(measure.rootFields).toBe(1 + FACET_SEARCHES);
    // Recorded for the choice of maxCost in src/graphql/limits.ts.
    expect(measure.cost).toBeGreaterThan(20_000);
  });
});
