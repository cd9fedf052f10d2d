import "server-only";

// The demo admin's address, here rather than in the demo module: the account module's two-factor
// exemption needs it, and the demo module (which imports the account module) seeds the user with it.
export const DEMO_ADMIN_EMAIL = "admin@example.com";
