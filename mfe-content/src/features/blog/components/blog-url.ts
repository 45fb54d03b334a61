/** The /learn query kept to what the API understands, with changes applied (a new tag resets the page). */
export function blogSearch(
  params: URLSearchParams,
  change: { tag?: string | null; offset?: number } = {},
): URLSearchParams {
  const next = new URLSearchParams();
  const q = params.get('q')?.trim();
  if (q) next.set('q', q.slice(0, 100));
  const tag = change.tag !== undefined ? change.tag : params.get('tag');
  if (tag) next.set('tag', tag);
  const offset = change.offset ?? (change.tag !== undefined ? 0 : Number(params.get('offset') ?? 0));
  if (Number.isInteger(offset) && offset > 0) next.set('offset', String(offset));
  return next;
}

export interface PageLink {
  number: number;
  offset: number;
  current: boolean;
}

export function pageLinks(total: number, offset: number, size: number): PageLink[] {
  const count = Math.ceil(total / size);
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    offset: index * size,
    current: offset >= index * size && offset < (index + 1) * size,
  }));
}
