import { SERVER_RENDER_ELEMENT_ID, preloadHydrationScripts } from './lib/server-render';
import { afterFirstPaint } from './lib/after-first-paint';

const start = () => {
  preloadHydrationScripts();
  // Async boundary: shared singletons are negotiated before any app code runs.
  void import('./bootstrap');
};
// A page that arrived rendered is painted first and woken up after (ADR 0017 addendum).
if (document.getElementById(SERVER_RENDER_ELEMENT_ID)) afterFirstPaint(start);
else start();
