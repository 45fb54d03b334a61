import type { CategoryNode } from '@shop/contracts';
import type { CommerceClient } from '../clients/commercetools';

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

/** The brand's category tree (its store's root category left out), each node with its URL path. */
export async function loadCategoryTree(
  commerce: CommerceClient,
  storeKey: string,
  correlationId: string,
): Promise<CategoryTree> {
  const categories = await commerce.getCategories(storeKey, { correlationId });
  const byId = new Map<string, TreeNode>();
  for (const c of categories)
    byId.set(c.id, { id: c.id, key: c.key, slug: c.slug, name: c.name, path: '', children: [], parentId: c.parentId });
  const order = new Map(categories.map((c) => [c.id, c.orderHint]));
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (nodes: TreeNode[]) =>
    nodes.sort((a, b) => String(order.get(a.id)).localeCompare(String(order.get(b.id))));
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
  return nodes.map(({ key, slug, name, path, children }) => ({
    key,
    slug,
    name,
    path,
    children: publicTree(children),
  }));
}
