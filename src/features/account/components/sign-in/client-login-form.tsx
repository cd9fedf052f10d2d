import { ClientLoginFields } from "./client-login-fields";
import { ClientLoginFrame } from "./client-login-frame";

/**
 * The signed-out view of /client-portal as the prerendered login page serves it, with the fields'
 * code in its own scripts: a static page's CSP admits only the scripts it starts with (by hash),
 * not the chunk tags a lazily loaded part adds. The portal's own page shows LazyClientLoginForm.
 */
export function ClientLoginForm() {
  return (
    <ClientLoginFrame>
      <ClientLoginFields />
    </ClientLoginFrame>
  );
}
