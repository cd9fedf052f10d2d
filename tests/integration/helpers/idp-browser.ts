// A browser's part of a sign-in at the test identity provider (tools/test-idp/oidc.ts): follow the
// authorization request, pick the person on its login page, and come back with the redirect to our
// callback (code, state, iss) without calling it. Cookies at the provider are kept per call.

type Jar = Map<string, string>;

function remember(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair!.indexOf("=");
    jar.set(pair!.slice(0, index).trim(), pair!.slice(index + 1));
  }
}
const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

async function step(url: string, jar: Jar, init: RequestInit = {}): Promise<string> {
  const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: cookieHeader(jar) } });
  remember(jar, response);
  const location = response.headers.get("location");
  if (response.status < 300 || response.status > 399 || !location)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return new URL(location, url).toString();
}

/** The URL the provider sends the browser back to (our callback), after `sub` signed in there. */
export async function signInAtIdp(authorizationUrl: string, sub: string): Promise<URL> {
  const jar: Jar = new Map();
  const interaction = await step(authorizationUrl, jar);
  const resume = await step(`${interaction}/login`, jar, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ sub }).toString(),
  });
  return new URL(await step(resume, jar));
}
