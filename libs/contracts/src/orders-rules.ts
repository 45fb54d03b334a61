/** SPEC §9: order history shows 12 orders a page. */
export const ORDER_HISTORY_PAGE_SIZE = 12;
/** The largest offset the order history accepts. */
export const ORDER_HISTORY_MAX_OFFSET = 10_000;
