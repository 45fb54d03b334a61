import { useBrand } from '@shop/platform';
import { useEffect } from 'react';

/** Sets the document title as "<page> | <brand>". */
export function usePageTitle(title: string): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} | ${brand.name}` : brand.name;
  }, [title, brand.name]);
}
