// The route table lives in @shop/contracts: the gateway answers by the same table (real 404s).
export { CUSTOMER_SERVICE_TOPICS, buildRouteTable, isBrowsingPage, matchRoute } from '@shop/contracts/browser';
export type { RouteEntry, RouteMatch } from '@shop/contracts/browser';
