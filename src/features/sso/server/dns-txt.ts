import "server-only";
import { Resolver } from "node:dns/promises";

/**
 * The TXT records at a name, through the system's resolvers or those SSO_DNS_SERVERS names
 * ("host:port" list, comma separated: a company's own resolver, or the tests' local DNS server).
 * Each record's strings are joined (a long value arrives split in 255-byte pieces). No records:
 * an empty list; a resolver that does not answer: an error for the owner to read.
 */
export async function txtRecords(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const servers = process.env.SSO_DNS_SERVERS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((parts) => parts.join(""));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw new Error(`The DNS lookup of ${name} failed (${code ?? "no answer"}). Try again in a few minutes.`);
  }
}
