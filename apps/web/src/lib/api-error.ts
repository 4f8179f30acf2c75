/**
 * A rejected call. `code` is the envelope's code, or null when no envelope arrived (transport
 * failure). The user has already been told (or deliberately not told) by the api client.
 */
export class ApiError extends Error {
  readonly code: number | null;
  readonly data: unknown;

  constructor(code: number | null, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}
