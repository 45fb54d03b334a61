/** The element the gateway writes a server render's data into (JSON, never executed). */
export const SERVER_RENDER_ELEMENT_ID = '__SHOP_SSR__';

export interface ServerRenderData {
  /** The API state the page was rendered with, as `apiHydrated` takes it. */
  state: Record<string, unknown>;
  /** `remote/expose` modules rendered on the server, to load before hydrating. */
  modules: string[];
}

/** The server render's data when the page arrived rendered, else undefined. */
export function readServerRender(doc: Document = document): ServerRenderData | undefined {
  const element = doc.getElementById(SERVER_RENDER_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as Partial<ServerRenderData>;
    if (!data || typeof data.state !== 'object' || !Array.isArray(data.modules)) return undefined;
    return { state: data.state as Record<string, unknown>, modules: data.modules.filter((m) => typeof m === 'string') };
  } catch {
    return undefined;
  }
}
