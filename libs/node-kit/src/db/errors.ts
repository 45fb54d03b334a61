/** PostgreSQL unique_violation, from pg and PGlite alike. */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (!constraint ||
    String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message).includes(
      constraint,
    ));
