// A browser for server-action tests: a cookie jar fed by what each action sets (better-auth's
// nextCookies through the next/headers mock), sent with the next call, from one address and user agent.
import { nextTestIp } from "./auth";
import { cookiesSet, requestHeaders } from "./next-headers-mock";

export const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

export class Browser {
  jar = new Map<string, string>();
  ip = nextTestIp();
  constructor(readonly userAgent = CHROME_MAC) {}
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async call<T>(fn: () => Promise<T>): Promise<T> {
    requestHeaders.current = new Headers({
      cookie: this.cookieHeader(),
      origin: "http://localhost:3000",
      "x-forwarded-for": this.ip,
      "user-agent": this.userAgent,
    });
    cookiesSet.length = 0;
    const result = await fn();
    for (const c of cookiesSet) {
      if (c.maxAge === 0 || c.value === "") this.jar.delete(c.name);
      else this.jar.set(c.name, encodeURIComponent(c.value));
    }
    return result;
  }
}
