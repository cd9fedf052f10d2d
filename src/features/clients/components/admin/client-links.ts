/** The admin invoices list filtered to one client (docs/PRODUCT.md#admin-client-page). */
export const clientInvoicesHref = (clientId: string) => `/admin/invoices?${new URLSearchParams({ client: clientId })}`;
