// Credentials of the fake's one application, shared by the fake and whatever configures the app
// against it (dev:square, the browser tests). Not secrets: the fake accepts nothing else.
export const FAKE_APPLICATION_ID = "sq0idp-fake-application";
export const FAKE_APPLICATION_SECRET = "sq0csp-fake-secret";
export const FAKE_WEBHOOK_SIGNATURE_KEY = "fake-square-webhook-signature-key";
