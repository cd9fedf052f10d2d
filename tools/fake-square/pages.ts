// The fake's HTML: an authorize page like Square's, with Allow and Deny.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function authorizePage(params: {
  clientId: string;
  scopes: string[];
  state: string;
  redirectUri: string;
  merchantId: string;
}): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;
  const fields =
    hidden("client_id", params.clientId) +
    hidden("state", params.state) +
    hidden("redirect_uri", params.redirectUri) +
    hidden("scope", params.scopes.join(" "));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Square – Authorize</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:2rem;max-width:28rem;box-shadow:0 2px 12px #0002}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #18181b;cursor:pointer;margin-right:.5rem}
.allow{background:#18181b;color:#fff}</style></head>
<body><main>
<h1>Fake Square</h1>
<p>The application <strong>${escape(params.clientId)}</strong> asks for access to merchant <strong>${escape(params.merchantId)}</strong>:</p>
<ul>${params.scopes.map((s) => `<li>${escape(s)}</li>`).join("")}</ul>
<form method="get" action="/oauth2/authorize/decision">${fields}
<button class="allow" type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Square – Error</title></head><body><h1>Authorization error</h1><p>${escape(message)}</p></body></html>`;
}
