/**
 * What the fraud collector may report about the device (SPEC §4 collect-end), by the names the
 * collector's `/cs/config` lists in `collect`. Only the device and browser: never anything the
 * shopper typed, the page's address or a cookie's value.
 */
const nav = () => navigator as Navigator & { deviceMemory?: number };
const text = (value: string | null | undefined, max = 128) => (value ?? '').slice(0, max);

/**
 * Each attribute is one flat value (a string, number, boolean, or a short list of them), as the
 * collector stores them; sizes are written `WIDTHxHEIGHT`.
 */
export const DEVICE_ATTRIBUTES = {
  userAgent: () => text(nav().userAgent, 512),
  language: () => text(nav().language),
  languages: () => [...(nav().languages ?? [])].slice(0, 32).map((language) => text(language)),
  platform: () => text(nav().platform),
  timezone: () => text(Intl.DateTimeFormat().resolvedOptions().timeZone),
  timezoneOffset: () => new Date().getTimezoneOffset(),
  screen: () => `${window.screen.width}x${window.screen.height}`,
  colorDepth: () => window.screen.colorDepth,
  pixelRatio: () => window.devicePixelRatio,
  viewport: () => `${window.innerWidth}x${window.innerHeight}`,
  hardwareConcurrency: () => nav().hardwareConcurrency,
  deviceMemory: () => nav().deviceMemory,
  touchPoints: () => nav().maxTouchPoints,
  cookieEnabled: () => nav().cookieEnabled,
  doNotTrack: () => nav().doNotTrack,
  webdriver: () => nav().webdriver,
} satisfies Record<string, () => string | number | boolean | string[] | null | undefined>;

export type DeviceAttribute = keyof typeof DEVICE_ATTRIBUTES;
export const ALL_DEVICE_ATTRIBUTES = Object.keys(DEVICE_ATTRIBUTES) as DeviceAttribute[];

const known = (name: string): name is DeviceAttribute => Object.hasOwn(DEVICE_ATTRIBUTES, name);

/** The listed attributes this browser has (names the page does not know are skipped). */
export function collectAttributes(names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (!known(name)) continue;
    try {
      const value = DEVICE_ATTRIBUTES[name]();
      if (value !== undefined && value !== null) out[name] = value;
    } catch {
      // A browser that refuses one attribute still reports the others.
    }
  }
  return out;
}
