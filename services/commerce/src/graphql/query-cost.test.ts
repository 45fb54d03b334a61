import { type OperationDefinitionNode, parse } from 'graphql';
import { measureOperation } from './query-cost';
import { schema } from './schema';

const measure = (query: string, variables?: Record<string, unknown>) => {
  const document = parse(query);
  return measureOperation(schema, document, document.definitions[0] as OperationDefinitionNode, variables);
};

describe('measureOperation', () => {
  it('multiplies a page by its limit and other lists by the fixed estimate', () => {
    // categories 1 + results 1 + 5 x (id 1 + children (1 + 20 x id 1))
    expect(measure('{ categories(limit: 5) { results { id children { id } } } }')).toEqual({
      depth: 4,
      cost: 2 + 5 * (1 + 21),
      aliases: 0,
      rootFields: 1,
    });
    expect(measure('{ categories { results { id } } }').cost).toBe(2 + 20);
    expect(measure('query($n: Int) { categories(limit: $n) { results { id } } }', { n: 7 }).cost).toBe(2 + 7);
    // A page the resolver would refuse is costed at the largest allowed page, never as free.
    expect(measure('{ categories(limit: 100000) { results { id } } }').cost).toBe(2 + 500);
    expect(measure('query($n: Int) { categories(limit: $n) { results { id } } }', { n: 'many' }).cost).toBe(2 + 500);
  });

  it('costs fragments where they are spread, and inline fragments in place', () => {
    const plain = measure('{ categories { results { ancestors { children { id } } } } }');
    expect(
      measure(
        '{ categories { results { ...A } } } fragment A on Category { ancestors { ...B } } fragment B on Category { children { id } }',
      ),
    ).toEqual(plain);
    expect(measure('{ categories { results { ... on Category { ancestors { ... { children { id } } } } } } }')).toEqual(
      plain,
    );
  });

  it('counts aliases and root fields through fragments', () => {
    expect(
      measure('{ a: stores { total } ...R } fragment R on Query { b: stores { total } c: stores { total } }'),
    ).toMatchObject({ aliases: 3, rootFields: 3 });
  });

  it('measures fragments that spread each other twice per level without exponential work', () => {
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i < levels - 1
        ? `fragment F${i} on Category { parent { ...F${i + 1} } p${i}: parent { ...F${i + 1} } }`
        : `fragment F${i} on Category { id }`,
    ).join('\n');
    const startedAt = performance.now();
    const result = measure(`{ category(key: "x") { ...F0 } }\n${fragments}`);
    expect(performance.now() - startedAt).toBeLessThan(100);
    expect(result.depth).toBe(levels + 1);
    expect(result.aliases).toBeGreaterThan(2 ** 30);
  });

  it('costs a zero page as nothing, even around an enormous subtree, never NaN', () => {
    const nested = 'children { '.repeat(30) + 'id' + ' }'.repeat(30);
    expect(Number.isFinite(measure(`{ categories { results { ${nested} } } }`).cost)).toBe(true);
    expect(measure(`{ categories(limit: 0) { results { ${nested} } } }`).cost).toBe(2);
  });
});
