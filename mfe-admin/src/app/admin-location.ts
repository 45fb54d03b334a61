/** The sections of a brand's admin, in the order its navigation lists them. */
export const SECTIONS = [
  { id: 'flags', label: 'Flags' },
  { id: 'audit', label: 'Audit' },
  { id: 'preview', label: 'Preview link' },
  { id: 'remotes', label: 'Remotes' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

export type AdminView =
  { kind: 'brands' } | { kind: 'brand'; brand: string; section: SectionId } | { kind: 'not-found' };

const BRAND = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Which view an /admin address opens. The shell gives the admin every path under /admin as one
 * page; these are its own: /admin (the brand picker) and /admin/brands/{brand}/{section}.
 */
export function adminView(pathname: string): AdminView {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0]?.toLowerCase() !== 'admin') return { kind: 'not-found' };
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'brands')) return { kind: 'brands' };
  if (parts[1] !== 'brands' || parts.length > 4) return { kind: 'not-found' };
  let brand: string;
  try {
    brand = decodeURIComponent(parts[2]);
  } catch {
    return { kind: 'not-found' };
  }
  if (!BRAND.test(brand)) return { kind: 'not-found' };
  const section = SECTIONS.find((candidate) => candidate.id === (parts[3] ?? 'flags'));
  return section ? { kind: 'brand', brand, section: section.id } : { kind: 'not-found' };
}

/** The address of a brand's section. */
export const sectionPath = (brand: string, section: SectionId) =>
  `/admin/brands/${encodeURIComponent(brand)}/${section}`;
