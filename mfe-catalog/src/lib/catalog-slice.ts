import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { ProductSummary, SuggestResponse } from '@shop/contracts/browser';
import { rootReducer } from '@shop/platform';

/** SPEC §3 client state of the catalog: products seen, the last quick-search results, shimmers. */
interface CatalogState {
  /** Recently viewed products, newest first. */
  products: Array<Pick<ProductSummary, 'key' | 'masterStyle' | 'name' | 'url' | 'image'>>;
  productSearchResults: SuggestResponse | null;
  /** Areas currently showing loading placeholders. */
  shimmers: Record<string, boolean>;
}

const initialState: CatalogState = { products: [], productSearchResults: null, shimmers: {} };

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    productViewed(state, action: PayloadAction<CatalogState['products'][number]>) {
      state.products = [action.payload, ...state.products.filter((p) => p.key !== action.payload.key)].slice(0, 8);
    },
    searchResultsReceived(state, action: PayloadAction<SuggestResponse | null>) {
      state.productSearchResults = action.payload;
    },
    shimmerToggled(state, action: PayloadAction<{ area: string; on: boolean }>) {
      // An area that is not loading has no entry, so "not loading" on a first render changes nothing.
      if (action.payload.on) state.shimmers[action.payload.area] = true;
      else delete state.shimmers[action.payload.area];
    },
  },
  selectors: {
    selectRecentlyViewed: (state) => state.products,
  },
});

declare module '@shop/platform' {
  interface LazyLoadedSlices {
    catalog: CatalogState;
  }
}

export const injectedCatalog = catalogSlice.injectInto(rootReducer);
export const { productViewed, searchResultsReceived, shimmerToggled } = catalogSlice.actions;
export const { selectRecentlyViewed } = injectedCatalog.selectors;
