import { preloadHydrationScripts } from './lib/server-render';

preloadHydrationScripts();
// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
