import { useEffect } from 'react';
import { useHeadCollector } from './head-collector';

export interface HeadTags {
  description: string;
  /** Absolute or site-relative URL of the page's canonical address. */
  canonical: string;
  /** schema.org data, written as application/ld+json. */
  jsonLd: Record<string, unknown>;
}

/** Puts a page's description, canonical link and JSON-LD into <head> while the page shows. */
export function useHeadTags(tags: HeadTags | undefined) {
  const collector = useHeadCollector();
  if (collector && tags) collector.tags = tags;
  useEffect(() => {
    if (!tags) return undefined;
    // The server's copies of these tags (ADR 0017) give way to the page's own.
    document.head.querySelectorAll('[data-server-head]').forEach((element) => element.remove());
    const description = document.createElement('meta');
    description.setAttribute('name', 'description');
    description.setAttribute('content', tags.description.slice(0, 300));
    const canonical = document.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    canonical.setAttribute('href', new URL(tags.canonical, location.origin).toString());
    const ld = document.createElement('script');
    ld.setAttribute('type', 'application/ld+json');
    // Never a way out of the script element, whatever the data holds.
    ld.textContent = JSON.stringify(tags.jsonLd).replace(/</g, '\\u003c');
    const added = [description, canonical, ld];
    added.forEach((element) => document.head.appendChild(element));
    return () => added.forEach((element) => element.remove());
  }, [tags]);
}
