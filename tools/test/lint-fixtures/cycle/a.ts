// The lint-rule test lints this path with source that imports ./b, closing a cycle through b.ts.
// On disk it imports nothing, so the repository's own lint stays clean.
export const a = 'a';
