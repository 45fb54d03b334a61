import { type PayloadAction, createSelector, createSlice } from '@reduxjs/toolkit';
import type { CartResponse } from '@shop/contracts/browser';
import { rootReducer } from '@shop/platform';
import { cartApi } from './cart-api';
import { type CartOp, applyOps, linesInFlight } from './cart-ops';

/** A line the shopper removed, kept so "Undo" can add it back with the same quantity. */
export interface RemovedLine {
  lineItemId: string;
  sku: string;
  name: string;
  quantity: number;
  inventoryListKey: string;
}

/** SPEC §3 client state `cart`. */
export interface CartState {
  /** The cart as the server last answered it; null until the first answer. */
  server: CartResponse | null;
  /** Writes queued or running, shown on top of `server` until they settle. */
  pending: CartOp[];
  /** Why the last write in a place failed, by place: a line id, `bag`, `promo`, `previousBag`. */
  problems: Record<string, string>;
  removed: RemovedLine | null;
  drawer: { open: boolean; added?: { name?: string; quantity: number } };
}

const initialState: CartState = { server: null, pending: [], problems: {}, removed: null, drawer: { open: false } };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartOpStarted(state, action: PayloadAction<{ op: CartOp; scope?: string; removed?: RemovedLine }>) {
      const { op, scope, removed } = action.payload;
      state.pending.push(op);
      if (scope) delete state.problems[scope];
      if (removed) state.removed = removed;
    },
    cartOpSucceeded(state, action: PayloadAction<{ opId: string; cart: CartResponse }>) {
      state.pending = state.pending.filter((op) => op.id !== action.payload.opId);
      state.server = action.payload.cart;
    },
    cartOpFailed(state, action: PayloadAction<{ opId: string; scope?: string; message: string; cart?: CartResponse }>) {
      const { opId, scope, message, cart } = action.payload;
      const op = state.pending.find((candidate) => candidate.id === opId);
      state.pending = state.pending.filter((candidate) => candidate.id !== opId);
      if (scope) state.problems[scope] = message;
      if (cart) state.server = cart;
      // The line is back in the bag, so there is nothing to undo.
      if (op?.kind === 'remove' && state.removed?.lineItemId === op.lineItemId) state.removed = null;
    },
    /** The bag as another answer carried it (every checkout write answers the cart with the checkout). */
    cartReceived(state, action: PayloadAction<CartResponse>) {
      state.server = action.payload;
    },
    problemDismissed(state, action: PayloadAction<string>) {
      delete state.problems[action.payload];
    },
    removalForgotten(state) {
      state.removed = null;
    },
    drawerOpened(state, action: PayloadAction<{ added?: { name?: string; quantity: number } } | undefined>) {
      state.drawer = { open: true, added: action.payload?.added };
    },
    drawerClosed(state) {
      state.drawer = { open: false };
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(cartApi.endpoints.cartCheckoutGetCart.matchFulfilled, (state, action) => {
      state.server = action.payload;
    });
  },
});

declare module '@shop/platform' {
  interface LazyLoadedSlices {
    cart: CartState;
  }
}

export const injectedCart = cartSlice.injectInto(rootReducer);
export const {
  cartOpStarted,
  cartOpSucceeded,
  cartOpFailed,
  cartReceived,
  problemDismissed,
  removalForgotten,
  drawerOpened,
  drawerClosed,
} = cartSlice.actions;

type StateWithCart = Parameters<typeof injectedCart.selectSlice>[0];
const selectCartState = (state: StateWithCart) => injectedCart.selectSlice(state);

/** The bag as shown: the server's answer with pending writes applied; null until the first answer. */
export const selectCartView = createSelector(
  [(state: StateWithCart) => selectCartState(state).server, (state: StateWithCart) => selectCartState(state).pending],
  (server, pending) => applyOps(server, pending),
);
export const selectLinesInFlight = createSelector(
  [(state: StateWithCart) => selectCartState(state).pending],
  (pending) => new Set(linesInFlight(pending)),
);
export const selectServerCart = (state: StateWithCart) => selectCartState(state).server;
export const selectCartBusy = (state: StateWithCart) => selectCartState(state).pending.length > 0;
export const selectPendingOps = (state: StateWithCart) => selectCartState(state).pending;
export const selectProblems = (state: StateWithCart) => selectCartState(state).problems;
export const selectRemovedLine = (state: StateWithCart) => selectCartState(state).removed;
export const selectDrawer = (state: StateWithCart) => selectCartState(state).drawer;
