import { useBrand } from '@shop/platform';
import { useEffect } from 'react';
import { useHeadCollector } from './head-collector';

/** Sets the document title as "<page> | <brand>" (on the server, the title of the HTML sent). */
export function usePageTitle(title: string): void {
  const brand = useBrand();
  const full = title ? `${title} | ${brand.name}` : brand.name;
  const collector = useHeadCollector();
  if (collector) collector.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
