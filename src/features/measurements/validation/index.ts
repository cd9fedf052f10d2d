// The measurements slice's shared schemas (docs/PRODUCT.md#measured-ai-findings): the forms and the server parse the same ones.
export * from "./judge";
export * from "./measurement";
export * from "./rerun";
