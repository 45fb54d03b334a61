/** An error the commerce platform answered with: its code, message and extras. */
export class CommerceRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extensions: Record<string, unknown>,
    readonly upstreamCorrelationId: string | undefined,
  ) {
    super(message);
    this.name = 'CommerceRequestError';
  }
}
