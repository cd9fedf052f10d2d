import "server-only";

// Keys whose values are bearer credentials: token, sessionToken, accessToken, refreshToken,
// idToken, csrfToken, ... (any key ending in "token", any case), plus the few better-auth names
// for secrets that do not end in it.
const SECRET_KEY = /token$|^(?:secret|password|backupcodes?)$/i;

/**
 * A copy of a JSON value without credential fields at any depth, and without any string equal to
 * one of `secrets` (the session token under a key we did not foresee). Returns whether anything
 * was removed, so an untouched body can be passed on as is.
 */
export function stripTokens(value: unknown, secrets: ReadonlySet<string> = new Set()): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      for (const item of node) {
        if (typeof item === "string" && secrets.has(item)) changed = true;
        else out.push(walk(item));
      }
      return out;
    }
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      // A step-up prompt's `fieldErrors` name the form fields to ask for (`password` among them)
      // with our own words: the names stay, only a value equal to a secret would go.
      if (key === "fieldErrors" && item !== null && typeof item === "object" && !Array.isArray(item)) {
        out[key] = Object.fromEntries(
          Object.entries(item).filter(([, message]) => {
            const secret = typeof message !== "string" || secrets.has(message);
            if (secret) changed = true;
            return !secret;
          }),
        );
        continue;
      }
      if (SECRET_KEY.test(key) || (typeof item === "string" && secrets.has(item))) {
        changed = true;
        continue;
      }
      out[key] = walk(item);
    }
    return out;
  };
  const result = walk(value);
  return { value: result, changed };
}
