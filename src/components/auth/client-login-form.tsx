// Stub: replaced by the authentication issue (client login form).
export function ClientLoginForm() {
  return <p className="text-muted">Sign in to access your dashboard and project resources</p>;
}
