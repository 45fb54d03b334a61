/**
 * An error in the commercetools catalogue: REST answers `{statusCode, message, errors:[{code,
 * message, ...}]}`, GraphQL puts the code and extras under `extensions`.
 */
export class CommerceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extras: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CommerceError';
  }

  toRestBody() {
    return {
      statusCode: this.statusCode,
      message: this.message,
      errors: [{ code: this.code, message: this.message, ...this.extras }],
    };
  }
}

export const invalidInput = (message: string) => new CommerceError(400, 'InvalidInput', message);
export const notFound = (what: string) => new CommerceError(404, 'ResourceNotFound', `${what} was not found.`);
export const concurrentModification = (expected: number, currentVersion: number) =>
  new CommerceError(
    409,
    'ConcurrentModification',
    `Object has a different version than expected. Expected: ${expected} - Actual: ${currentVersion}.`,
    {
      currentVersion,
    },
  );
export const duplicateField = (field: string, duplicateValue: unknown) =>
  new CommerceError(
    400,
    'DuplicateField',
    `A duplicate value '${JSON.stringify(duplicateValue)}' exists for field '${field}'.`,
    {
      field,
      duplicateValue,
    },
  );
export const invalidField = (field: string, invalidValue: unknown, message: string) =>
  new CommerceError(400, 'InvalidField', message, { field, invalidValue });
