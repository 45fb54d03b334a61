export type JsonObject = { [key: string]: unknown };

export const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep-merges `source` into `target` (objects merge, arrays and scalars replace) and
 * records, for every path written, which file wrote it, so validation errors can
 * name the file that holds a bad key.
 */
export function mergeWithProvenance(
  target: JsonObject,
  source: JsonObject,
  file: string,
  provenance: Map<string, string>,
  prefix = '',
): JsonObject {
  for (const [key, value] of Object.entries(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    provenance.set(path, file);
    const existing = target[key];
    if (isPlainObject(value) && isPlainObject(existing)) {
      mergeWithProvenance(existing, value, file, provenance, path);
    } else {
      target[key] = isPlainObject(value) ? mergeWithProvenance({}, value, file, provenance, path) : value;
    }
  }
  return target;
}
