import type { CategoryNode } from '@shop/contracts';
import type { CommerceClient } from '../../clients/commerce/commerce-client';
import { predicateLiteral } from '../../clients/commerce/predicate-literal';

interface RawCategory {
  id: string;
  key: string;
  slug: string;
  name: string;
  orderHint: string;
  parentRef: { id: string } | null;
}

export interface TreeNode extends CategoryNode {
  id: string;
  parentId?: string;
  children: TreeNode[];
}

export interface CategoryTree {
  roots: TreeNode[];
  byId: Map<string, TreeNode>;
  bySlug: Map<string, TreeNode>;
}

const QUERY = `query BrandCategories($where: String) {
  categories(where: $where, limit: 500) { results { id key slug(locale: "en-US") name(locale: "en-US") orderHint parentRef { id } } } }`;

/** The brand's category tree (its store's root category left out), each node with its URL path. */
export async function loadCategoryTree(commerce: CommerceClient, storeKey: string, correlationId: string): Promise<CategoryTree> {
  const data = await commerce.graphql<{ categories: { results: RawCategory[] } }>('BrandCategories', QUERY, { where: `storeKey=${predicateLiteral(storeKey)}` }, { correlationId });
  const raw = data.categories.results;
  const root = raw.find((c) => !c.parentRef);
  const byId = new Map<string, TreeNode>();
  for (const c of raw) {
    if (c === root) continue;
    byId.set(c.id, { id: c.id, key: c.key, slug: c.slug, name: c.name, path: '', children: [], parentId: c.parentRef && c.parentRef.id !== root?.id ? c.parentRef.id : undefined });
  }
  const order = new Map(raw.map((c) => [c.id, c.orderHint]));
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (nodes: TreeNode[]) => nodes.sort((a, b) => String(order.get(a.id)).localeCompare(String(order.get(b.id))));
  const walk = (nodes: TreeNode[], prefix: string) => {
    sort(nodes);
    for (const node of nodes) {
      node.path = prefix ? `${prefix}/${node.slug}` : node.slug;
      walk(node.children, node.path);
    }
  };
  walk(roots, '');
  return { roots, byId, bySlug: new Map([...byId.values()].map((n) => [n.slug, n])) };
}

export function breadcrumbOf(tree: CategoryTree, id: string) {
  const trail: Array<{ slug: string; name: string; path: string }> = [];
  for (let node = tree.byId.get(id); node; node = node.parentId ? tree.byId.get(node.parentId) : undefined) {
    trail.unshift({ slug: node.slug, name: node.name, path: node.path });
  }
  return trail;
}

/** The tree without internal ids, for the browser. */
export function publicTree(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.map(({ key, slug, name, path, children }) => ({ key, slug, name, path, children: publicTree(children) }));
}
