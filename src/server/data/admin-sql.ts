import "server-only";

/**
 * `%text%` for ILIKE with the user's wildcards escaped: searching "50%" or "a_b" matches those
 * characters literally. Backslash is PostgreSQL's default LIKE escape character.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
