import { type ComponentType, useSyncExternalStore } from 'react';
import type { PopupRequest } from './popup-queue-slice';

export interface PopupProps {
  request: PopupRequest;
  /** Closes this popup; the next one in the queue shows. */
  onDismiss: () => void;
}

const renderers = new Map<string, ComponentType<PopupProps>>();
const listeners = new Set<() => void>();

/** A remote registers how to draw a popup kind; the shell's popup host draws the queue head. */
export function registerPopup(kind: string, component: ComponentType<PopupProps>): () => void {
  renderers.set(kind, component);
  listeners.forEach((listener) => listener());
  return () => {
    if (renderers.get(kind) === component) renderers.delete(kind);
    listeners.forEach((listener) => listener());
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePopupRenderer(kind: string | undefined): ComponentType<PopupProps> | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (kind ? renderers.get(kind) : undefined),
    () => undefined,
  );
}
