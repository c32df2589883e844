/** "Unexpected token at position 7; …" → 7: the server names the offending position in its message. */
export function queryErrorPosition(message: string): number | null {
  const match = /at position (\d+)/.exec(message);
  return match ? Number(match[1]) : null;
}
