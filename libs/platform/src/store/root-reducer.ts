import { combineSlices } from '@reduxjs/toolkit';
import { popupQueueSlice } from '../popup-queue/popup-queue-slice';
import { api } from './api';

/**
 * Slices that remotes inject at run time (`rootReducer.inject(slice)`). Remotes extend this
 * interface by module augmentation so their selectors stay typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, popupQueueSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
