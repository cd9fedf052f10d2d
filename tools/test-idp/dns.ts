// A DNS server on loopback (UDP, the `dns2` package) answering TXT questions from a table the test
// or the demo fills: what a company publishes at `_sentinel-verify.<domain>` to prove its domain.
// The product's resolver is pointed at it by SSO_DNS_SERVERS (never in production). Any other name
// answers NXDOMAIN. A dev and test tool: nothing in src/ imports it.
import type { AddressInfo } from "node:net";
import dns2 from "dns2";

const { Packet } = dns2;
const NXDOMAIN = 3;

export type TestDns = {
  /** host:port, as SSO_DNS_SERVERS takes it. */
  server: string;
  setTxt(name: string, values: string[]): void;
  clear(name: string): void;
  close(): Promise<void>;
};

export async function startTestDns(options: { port?: number; log?: boolean } = {}): Promise<TestDns> {
  const records = new Map<string, string[]>();
  const udp = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question?.name.toLowerCase().replace(/\.$/, "") ?? "";
    const values = question?.type === Packet.TYPE.TXT ? records.get(name) : undefined;
    if (options.log) console.info(`[test-dns] TXT? ${name} → ${values ? values.join(" | ") : "none"}`);
    if (values) {
      // dns2's types want a Resource instance; it serialises plain records of this shape.
      for (const data of values)
        response.answers.push({
          name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 1,
          data,
        } as unknown as (typeof response.answers)[number]);
    } else if (!records.has(name)) {
      response.header.rcode = NXDOMAIN;
    }
    send(response);
  });
  await new Promise<void>((resolve) => udp.bind(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = udp.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    setTxt: (name, values) => void records.set(name.toLowerCase(), values),
    clear: (name) => void records.delete(name.toLowerCase()),
    close: () => new Promise<void>((resolve) => udp.close(() => resolve())),
  };
}
