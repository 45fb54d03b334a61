/** A same-site path to continue to after signing in, or the fallback (the gateway applies the full rule). */
export function localCallback(value: string | null, fallback: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : fallback;
}
