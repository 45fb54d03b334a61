import { createContext, useContext } from 'react';
import type { HeadTags } from './use-head-tags';

/**
 * What a page puts in <head>, gathered while it renders on the server (ADR 0017): the renderer
 * provides one per request, and the title, description, canonical link and JSON-LD go into the
 * HTML it sends. In the browser there is none and the hooks write to the document instead.
 */
export interface HeadCollector {
  title?: string;
  tags?: HeadTags;
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);

export const useHeadCollector = () => useContext(HeadCollectorContext);
