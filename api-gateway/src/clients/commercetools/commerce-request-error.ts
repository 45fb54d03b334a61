/** An error the commerce platform answered with: its code, message and extras. */
export class CommerceRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extensions: Record<string, unknown>,
    readonly upstreamCorrelationId: string | undefined,
    /** The call that was refused: a GraphQL operation name, or the REST call's name. */
    readonly operation?: string,
  ) {
    super(message);
    this.name = 'CommerceRequestError';
  }
}
