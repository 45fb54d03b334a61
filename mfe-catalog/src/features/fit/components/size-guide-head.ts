import type { SizeGuideDocument } from '@shop/contracts/browser';
import { useHeadTags } from '@shop/ui';
import { useMemo } from 'react';

/** SEO for a guide: its description, its own slug as the canonical address (an alias shows the same page). */
export function useSizeGuideHead(guide: SizeGuideDocument | undefined, brandName: string, origin: string) {
  const tags = useMemo(() => {
    if (!guide) return undefined;
    const url = new URL(`/size-guide/${guide.slug}`, origin).toString();
    return {
      description: guide.description,
      canonical: url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: guide.title,
        description: guide.description,
        url,
        publisher: { '@type': 'Organization', name: brandName },
      },
    };
  }, [guide, brandName, origin]);
  useHeadTags(tags);
}
