import { readFileSync } from 'node:fs';
import { GraphQLSchema, buildSchema } from 'graphql';
import ts from 'typescript';

/**
 * commercetools' GraphQL schema, rebuilt from the TypeScript types that
 * `@commercetools-test-data/graphql-types` publishes (graphql-codegen output of the `ctp` schema:
 * the package ships no SDL). Read with the TypeScript compiler API, syntax only:
 *
 * - `export type TCtpX = ... & { __typename?: 'X'; field: T }`: object type X; the other members
 *   of the intersection are the interfaces it implements, and their fields are its fields too;
 * - such a literal without `__typename`: an interface (fields typed `['output']`) or an input
 *   type (fields typed `['input']` / `InputMaybe`);
 * - `TCtpX_FieldArgs`: the arguments of X.field; `export declare enum TCtpX`: an enum;
 * - `Maybe<T>` / `InputMaybe<T>` / an optional member is nullable, `Array<T>` a list,
 *   `Scalars['Name'][...]` a scalar, and a union of object types (codegen's rendering of an
 *   interface or union result) becomes the interface all its members share, else a union.
 *
 * The result is only as strict as validation needs: every type, field, argument and input
 * field commercetools has, with their nullability and list shapes.
 */
const PREFIX = 'TCtp';
const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

interface FieldSpec {
  name: string;
  type: string;
}

interface Declared {
  members: ts.TypeNode[];
  literal?: ts.TypeLiteralNode;
  typename?: string;
}

const strip = (name: string) => (name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name);

export function ctpDeclarationsPath(): string {
  return require
    .resolve('@commercetools-test-data/graphql-types')
    .replace(/dist\/.*$/, 'dist/declarations/src/generated/ctp.d.ts');
}

/** The SDL rebuilt from ctp.d.ts (exported for tests and for reading). */
export function ctpSdl(path = ctpDeclarationsPath()): string {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const aliases = new Map<string, Declared>();
  const argsOf = new Map<string, ts.TypeLiteralNode>();
  const enums = new Map<string, string[]>();
  const scalars = new Set<string>();

  for (const statement of source.statements) {
    if (ts.isEnumDeclaration(statement)) {
      enums.set(
        strip(statement.name.text),
        statement.members.map((m) => m.name.getText(source)),
      );
      continue;
    }
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const name = statement.name.text;
    if (name === 'Scalars' && ts.isTypeLiteralNode(statement.type)) {
      for (const member of statement.type.members) if (member.name) scalars.add(member.name.getText(source));
      continue;
    }
    if (!name.startsWith(PREFIX)) continue;
    const members = ts.isIntersectionTypeNode(statement.type) ? [...statement.type.types] : [statement.type];
    const literal = members.find(ts.isTypeLiteralNode);
    if (name.endsWith('Args') && name.includes('_') && literal) {
      argsOf.set(strip(name), literal);
      continue;
    }
    const typenameMember = literal?.members.find((m) => m.name?.getText(source) === '__typename');
    const typename =
      typenameMember &&
      ts.isPropertySignature(typenameMember) &&
      typenameMember.type &&
      ts.isLiteralTypeNode(typenameMember.type) &&
      ts.isStringLiteral(typenameMember.type.literal)
        ? typenameMember.type.literal.text
        : undefined;
    aliases.set(strip(name), { members, literal, typename });
  }

  /** codegen names a few types differently from their GraphQL names (TCtpApiClient... is APIClient...). */
  const graphqlName = (alias: string) => aliases.get(alias)?.typename ?? alias;
  // An input type names an input scalar or InputMaybe, or sits beside one (an input's field, a field of an input's type).
  const inputs = new Set<Declared>();
  const referenced = (declared: Declared) =>
    [...(declared.literal?.getText(source).matchAll(/\bTCtp(\w+)/g) ?? [])]
      .map((m) => aliases.get(m[1]))
      .filter((d): d is Declared => Boolean(d));
  for (const declared of aliases.values())
    if (declared.literal && !declared.typename && /\['input'\]|InputMaybe</.test(declared.literal.getText(source)))
      inputs.add(declared);
  for (let grew = true; grew;) {
    grew = false;
    for (const declared of aliases.values()) {
      if (!declared.literal || declared.typename) continue;
      const links = referenced(declared);
      const isLinked = inputs.has(declared)
        ? links.filter((d) => !d.typename && !inputs.has(d))
        : links.some((d) => inputs.has(d))
          ? [declared]
          : [];
      for (const d of isLinked) {
        inputs.add(d);
        grew = true;
      }
    }
  }
  const isInput = (declared: Declared) => inputs.has(declared);
  const isObject = (declared: Declared) => Boolean(declared.typename);
  const interfacesOf = (declared: Declared) =>
    declared.members
      .filter(ts.isTypeReferenceNode)
      .map((ref) => strip(ref.typeName.getText(source)))
      .filter((n) => aliases.has(n) && !isObject(aliases.get(n)!) && !isInput(aliases.get(n)!));
  const unions = new Map<string, string[]>();

  /** A union of object types as one GraphQL type: their shared interface, else a synthetic union. */
  const unionType = (names: string[]): string => {
    const shared = names
      .map((n) => new Set(aliases.get(n) ? interfacesOf(aliases.get(n)!) : []))
      .reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    const common =
      [...shared].find((candidate) => candidate !== 'Versioned' && candidate !== 'ReferenceExpandable') ??
      [...shared][0];
    if (common && names.length > 1) return common;
    const name = `Union_${names.join('_')}`;
    unions.set(name, names.map(graphqlName));
    return name;
  };

  /** A TS type node as a GraphQL type reference; `nullable` is the member's own optionality. */
  const typeOf = (node: ts.TypeNode, nullable: boolean): string => {
    const wrap = (inner: string) => (nullable ? inner : `${inner}!`);
    if (ts.isTypeReferenceNode(node)) {
      const ref = node.typeName.getText(source);
      const [arg] = node.typeArguments ?? [];
      if ((ref === 'Maybe' || ref === 'InputMaybe') && arg) return typeOf(arg, true);
      if (ref === 'Array' && arg) return wrap(`[${typeOf(arg, false)}]`);
      return wrap(graphqlName(strip(ref)));
    }
    if (ts.isIndexedAccessTypeNode(node)) {
      // Scalars['Name']['output']
      const inner = ts.isIndexedAccessTypeNode(node.objectType) ? node.objectType : node;
      const index = inner.indexType;
      const scalar = ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : 'String';
      return wrap(scalar);
    }
    if (ts.isUnionTypeNode(node)) {
      const names = node.types.filter(ts.isTypeReferenceNode).map((t) => strip(t.typeName.getText(source)));
      const hasNull = node.types.some((t) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword);
      return hasNull || nullable ? unionType(names) : `${unionType(names)}!`;
    }
    if (ts.isParenthesizedTypeNode(node)) return typeOf(node.type, nullable);
    return wrap('Json');
  };

  const fieldsOf = (declared: Declared, seen = new Set<Declared>()): FieldSpec[] => {
    if (seen.has(declared)) return [];
    seen.add(declared);
    const members: readonly ts.TypeElement[] = declared.literal?.members ?? [];
    const own = members.filter(ts.isPropertySignature).flatMap((member) => {
      const name = member.name.getText(source).replace(/^['"]|['"]$/g, '');
      if (name === '__typename' || !member.type) return [];
      return [{ name, type: typeOf(member.type, Boolean(member.questionToken)) }];
    });
    const inherited = declared.members.filter(ts.isTypeReferenceNode).flatMap((ref) => {
      const parent = aliases.get(strip(ref.typeName.getText(source)));
      return parent ? fieldsOf(parent, seen) : [];
    });
    const byName = new Map<string, FieldSpec>();
    for (const field of [...inherited, ...own]) byName.set(field.name, field);
    return [...byName.values()];
  };

  const argsText = (owners: string[], field: string) => {
    const suffix = `_${field[0].toUpperCase()}${field.slice(1)}Args`;
    const literal = owners.map((owner) => argsOf.get(`${owner}${suffix}`)).find(Boolean);
    if (!literal) return '';
    const args = literal.members
      .filter(ts.isPropertySignature)
      .flatMap((m) => (m.type ? [`${m.name.getText(source)}: ${typeOf(m.type, Boolean(m.questionToken))}`] : []));
    return args.length ? `(${args.join(', ')})` : '';
  };

  const lines: string[] = [];
  for (const scalar of scalars) if (!BUILT_IN_SCALARS.has(scalar)) lines.push(`scalar ${scalar}`);
  lines.push('scalar Json_Fallback');
  for (const [name, values] of enums) lines.push(`enum ${name} { ${values.join(' ')} }`);
  for (const [name, declared] of aliases) {
    if (!declared.literal) continue;
    const fields = fieldsOf(declared);
    if (fields.length === 0) continue;
    if (isInput(declared)) {
      lines.push(`input ${name} {\n${fields.map((f) => `  ${f.name}: ${f.type}`).join('\n')}\n}`);
      continue;
    }
    const owners = [name, ...interfacesOf(declared)];
    const body = fields.map((f) => `  ${f.name}${argsText(owners, f.name)}: ${f.type}`).join('\n');
    if (isObject(declared)) {
      const implemented = interfacesOf(declared).filter((i) => fieldsOf(aliases.get(i)!).length > 0);
      const typeName = declared.typename ?? name;
      lines.push(`type ${typeName}${implemented.length ? ` implements ${implemented.join(' & ')}` : ''} {\n${body}\n}`);
    } else {
      lines.push(`interface ${name} {\n${body}\n}`);
    }
  }
  for (const [name, members] of unions) lines.push(`union ${name} = ${members.join(' | ')}`);
  return lines.join('\n');
}

let cached: GraphQLSchema | undefined;

/** commercetools' schema, built once per process. */
export function ctpSchema(): GraphQLSchema {
  cached ??= buildSchema(ctpSdl(), { assumeValidSDL: true, assumeValid: true });
  return cached;
}
