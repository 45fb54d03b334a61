/// <reference lib="dom" />

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The hidden frame's page (`/logo.htm`): nothing to see, one script from the collector's origin. */
export function collectorFramePage({ org, session }: { org: string; session: string }): string {
  return `<!doctype html>
<html lang="en" data-org="${escapeAttribute(org)}" data-session="${escapeAttribute(session)}">
<head><meta charset="utf-8"><title>Device check</title></head>
<body><script src="/logo.js"></script></body>
</html>
`;
}

/**
 * Runs in the hidden frame, on the collector's own origin: what the browser shows this origin
 * (it may differ from what the page saw), posted to the collector under `frame.` names. The
 * browser gets this function's source, so it uses nothing but the browser.
 */
function collectFromFrame() {
  const root = document.documentElement;
  const org = root.dataset.org ?? '';
  const session = root.dataset.session ?? '';
  const attributes: Record<string, string | number | boolean> = {
    'frame.userAgent': navigator.userAgent.slice(0, 512),
    'frame.language': navigator.language,
    'frame.timezone': Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    'frame.timezoneOffset': new Date().getTimezoneOffset(),
    'frame.screen': `${screen.width}x${screen.height}`,
    'frame.cookieEnabled': navigator.cookieEnabled,
    'frame.loadedAt': Date.now(),
  };
  void fetch(`/session/${encodeURIComponent(session)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    keepalive: true,
    body: JSON.stringify({ org, attributes }),
  }).catch(() => undefined);
}

export const collectorFrameScript = (): string => `'use strict';\n(${collectFromFrame.toString()})();\n`;
