import { type BrandContent, sizeGuideFor } from '@shop/brands';
import type {
  FitFinderDocument,
  SizeGuide,
  SizeGuideDocument,
  SizeGuideListDocument,
  SizeGuideSummary,
} from '@shop/contracts';

const summary = ({ slug, title, description }: SizeGuide): SizeGuideSummary => ({ slug, title, description });

/** GET /api/content/size-guides: the brand's guides in order, or nothing when it has none. */
export function sizeGuideList(content: BrandContent): SizeGuideListDocument | undefined {
  if (content.sizeGuides.length === 0) return undefined;
  return {
    type: 'size-guide-list',
    guides: content.sizeGuides.map(summary),
    fitFinder: content.sizeGuides.some((guide) => guide.finders?.length),
  };
}

/** GET /api/content/size-guide/{slug}: a guide by its slug or an alias, always under its own slug. */
export function sizeGuide(content: BrandContent, slug: string): SizeGuideDocument | undefined {
  const guide = sizeGuideFor(content.sizeGuides, slug);
  return guide && { type: 'size-guide', ...guide };
}

/** GET /api/content/fit-finder: every finder with the tables it reads, or nothing when the brand has none. */
export function fitFinder(content: BrandContent): FitFinderDocument | undefined {
  const finders = content.sizeGuides.flatMap((guide) =>
    (guide.finders ?? []).map((finder) => ({
      ...finder,
      guide: summary(guide),
      // The loader checked that each id names a table of the guide.
      sizeTables: finder.tables.flatMap((id) => guide.tables.filter((table) => table.id === id)),
    })),
  );
  return finders.length ? { type: 'fit-finder', finders } : undefined;
}
