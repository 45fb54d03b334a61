import { SERVER_RENDER_ELEMENT_ID } from './lib/server-render';
import { preloadPageScripts } from './lib/remote-loader/federation';
import { afterFirstPaint } from './lib/after-first-paint';

// Async boundary: shared singletons are negotiated before any app code runs.
const bootstrap = () => void import('./bootstrap');

// A page that arrived rendered is painted first and woken up after (ADR 0017 addendum): the
// hints for its scripts first, then the code in a task of its own, so neither makes the other long.
if (document.getElementById(SERVER_RENDER_ELEMENT_ID))
  afterFirstPaint(() => {
    preloadPageScripts();
    setTimeout(bootstrap, 0);
  });
else bootstrap();
