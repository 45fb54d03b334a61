import { useBrand } from '@shop/platform';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { type RouteEntry, buildRouteTable, isBrowsingPage, matchRoute } from './route-table';

/** The brand's route table, built once per brand. */
export function useRouteTable(): RouteEntry[] {
  const brand = useBrand();
  return useMemo(() => buildRouteTable(brand), [brand]);
}

/** Whether the address bar is on a staff page (the admin): those go without the shop's chrome and shopper features. */
export function useBackOffice(): boolean {
  const table = useRouteTable();
  const { pathname } = useLocation();
  return useMemo(() => Boolean(matchRoute(table, pathname)?.entry.backOffice), [table, pathname]);
}

/** Whether the address bar is on a page the shopper browses (not a task such as checkout or sign-in). */
export function useBrowsingPage(): boolean {
  const table = useRouteTable();
  const { pathname } = useLocation();
  return useMemo(() => {
    const found = matchRoute(table, pathname);
    return Boolean(found && isBrowsingPage(found.entry));
  }, [table, pathname]);
}
