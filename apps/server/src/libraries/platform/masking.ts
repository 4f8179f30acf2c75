/**
 * Masks that name another account without giving it away: enough for its owner to recognise it in
 * the "already bound" modal, too little for anyone else to learn who it is. The account mask has a
 * fixed number of stars, so that it does not reveal the length either.
 */
export function maskNickname(nickname: string): string {
  const chars = [...nickname.trim()];
  return chars.length <= 1 ? '*' : `${chars[0]}*`;
}

export function maskAccount(account: string | null): string | null {
  if (!account) return null;
  const chars = [...account];
  if (chars.length <= 2) return '***';
  if (chars.length === 3) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
