// A page that arrives in pieces, as it does over a slow network: a loopback server that forwards
// every request to the app but sends a document's HTML in parts, split before each marker, with a
// pause after each part. Browsers render what they have, so anything whose place depends on markup
// that has not arrived yet moves, and that is a layout shift a visitor sees.
import http from "node:http";
import type { AddressInfo } from "node:net";

export async function serveHtmlInPieces(appOrigin: string, markers: string[], pauseMs = 400) {
  const server = http.createServer(async (request, response) => {
    try {
      const upstream = await fetch(new URL(request.url ?? "/", appOrigin), { headers: { accept: request.headers.accept ?? "*/*" } });
      const type = upstream.headers.get("content-type") ?? "application/octet-stream";
      if (!type.startsWith("text/html")) {
        response.writeHead(upstream.status, { "content-type": type });
        response.end(Buffer.from(await upstream.arrayBuffer()));
        return;
      }
      const html = await upstream.text();
      const cuts = markers
        .map((marker) => html.indexOf(marker))
        .filter((at) => at > 0)
        .sort((a, b) => a - b);
      response.writeHead(upstream.status, { "content-type": type });
      let from = 0;
      for (const cut of cuts) {
        response.write(html.slice(from, cut));
        from = cut;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      response.end(html.slice(from));
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
