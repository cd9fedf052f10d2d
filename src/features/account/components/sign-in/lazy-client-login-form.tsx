import { HydrationPending } from "@/components/hydration-marker";
import { ClientLoginFrame } from "./client-login-frame";
import { LazyClientLoginFields } from "./lazy-client-login-fields";

/**
 * The login form as the portal's own page renders it (the page decides on the server which view
 * to show): only for a stale session cookie, so the fields' code (their validation, the passkey
 * sign-in) loads lazily rather than being carried by every signed-in view. A module of its own:
 * a page carries the code of every client part the modules it imports name, rendered or not.
 */
export function LazyClientLoginForm() {
  return (
    <ClientLoginFrame>
      <LazyClientLoginFields />
      <HydrationPending />
    </ClientLoginFrame>
  );
}
