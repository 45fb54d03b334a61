import { type PayloadAction, createSlice } from '@reduxjs/toolkit';

export interface PopupRequest {
  /** Unique per popup instance; enqueuing the same id twice is a no-op. */
  id: string;
  /** Which registered renderer shows it (see registerPopup). */
  kind: string;
  props?: Record<string, string | number | boolean | null>;
}

interface PopupQueueState {
  items: PopupRequest[];
}

const initialState: PopupQueueState = { items: [] };

/** SPEC §3 popupQueue: one modal at a time, shown in the order requested. */
export const popupQueueSlice = createSlice({
  name: 'popupQueue',
  initialState,
  reducers: {
    popupEnqueued(state, action: PayloadAction<PopupRequest>) {
      if (!state.items.some((item) => item.id === action.payload.id)) state.items.push(action.payload);
    },
    popupDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectActivePopup: (state): PopupRequest | undefined => state.items[0],
  },
});

export const { popupEnqueued, popupDismissed } = popupQueueSlice.actions;
export const { selectActivePopup } = popupQueueSlice.selectors;
