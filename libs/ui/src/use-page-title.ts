import { useBrand } from '@shop/platform';
import { useEffect } from 'react';
import { useHeadCollector } from './head-collector';

/**
 * Sets the document title as "<page> | <brand>" (on the server, the title of the HTML sent). A
 * title that already starts with the brand's name (the home page's "Hoopcraft — Basketball gear")
 * is used as it is, not followed by the name again.
 */
export function usePageTitle(title: string): void {
  const brand = useBrand();
  const full = !title ? brand.name : title.startsWith(brand.name) ? title : `${title} | ${brand.name}`;
  const collector = useHeadCollector();
  if (collector) collector.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
