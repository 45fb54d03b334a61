import type { FlagValue, FlagValues } from '@shop/contracts/browser';

/** How often open pages ask whether a flag changed (a 304 when nothing did): changes show within seconds. */
export const FLAG_POLL_MS = 2_000;
const DOMAIN = 'shop-live-flags';

/**
 * The brand's flags as they change, through OpenFeature's web SDK and its OFREP web provider
 * (polling /api/ofrep/v1/evaluate/flags with ETag). Loaded on its own chunk once the page is
 * idle: the page starts from the flags it was rendered with, which are the same answers.
 * Calls `changed` with every flag's value whenever the provider reports a change.
 */
export async function watchFlags(initial: FlagValues, changed: (values: FlagValues) => void): Promise<() => void> {
  const [{ OpenFeature, ProviderEvents }, { OFREPWebProvider }] = await Promise.all([
    import(/* webpackChunkName: "live-flags" */ '@openfeature/web-sdk'),
    import(/* webpackChunkName: "live-flags" */ '@openfeature/ofrep-web-provider'),
  ]);
  const provider = new OFREPWebProvider({ baseUrl: `${window.location.origin}/api`, pollInterval: FLAG_POLL_MS });
  await OpenFeature.setProviderAndWait(DOMAIN, provider);
  const client = OpenFeature.getClient(DOMAIN);
  const read = (): FlagValues =>
    Object.fromEntries(
      Object.entries(initial).map(([key, fallback]): [string, FlagValue] => [
        key,
        typeof fallback === 'boolean'
          ? client.getBooleanValue(key, fallback)
          : typeof fallback === 'number'
            ? client.getNumberValue(key, fallback)
            : client.getStringValue(key, fallback),
      ]),
    );
  const onChange = () => changed(read());
  client.addHandler(ProviderEvents.ConfigurationChanged, onChange);
  onChange();
  return () => {
    client.removeHandler(ProviderEvents.ConfigurationChanged, onChange);
    void OpenFeature.clearProviders();
  };
}
