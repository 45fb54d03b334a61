import { createAppStore, readBootConfig, setConsent } from '@shop/platform';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerRegistry } from './lib/remote-loader/remote-runtime';
import './styles.css';

const config = readBootConfig();
// Before anything renders: the page-view tracker must already know whether it may track.
if (config.consent) setConsent(config.consent);
registerRegistry(config.remotes);
const store = createAppStore();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');
createRoot(container).render(<App config={config} store={store} />);
