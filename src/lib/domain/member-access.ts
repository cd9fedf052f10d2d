// What a member reads where the company's owners withheld a part of the portal from members
// (docs/PRODUCT.md#portal-team): the server's refusal and the screen's note use the same words.
export const REPORTS_WITHHELD_MESSAGE = "Reports are not available to you. Ask an owner of your company.";
export const FINDINGS_WITHHELD_MESSAGE = "Findings are not available to you. Ask an owner of your company.";
