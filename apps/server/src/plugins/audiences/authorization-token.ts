/**
 * The token of an `Authorization` header: `Bearer <token>` (the scheme is case-insensitive, RFC 9110,
 * section 11.1), or the bare token as the cookie-sharing products send it. Each gate checks its own
 * shape of token (a session's, an API key's).
 */
export function authorizationToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^bearer\s+/i, '').trim();
  return token || null;
}
