// Stands in for our site where a fake tracker sends its webhooks: a loopback server that hands each
// delivery, as received (raw body, headers), to a route handler and answers with what it said.
import http from "node:http";
import type { AddressInfo } from "node:net";

type RouteHandler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

export type RouteReceiver = { url: string; answers: number[]; close: () => Promise<void> };

/** Starts the receiver for a route under `/{…}/{id}`; `answers` keeps each status it gave. */
export async function startRouteReceiver(route: RouteHandler): Promise<RouteReceiver> {
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", async () => {
      const id = req.url!.split("?")[0]!.split("/").pop()!;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const answer = await route(new Request(`http://localhost${req.url}`, { method: "POST", headers, body: raw }), {
        params: Promise.resolve({ id }),
      });
      answers.push(answer.status);
      res.writeHead(answer.status).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
