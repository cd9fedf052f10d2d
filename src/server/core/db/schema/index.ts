// The mail outbox is the only table the core owns; every other table lives in its slice (docs/ARCHITECTURE.md).
export * from "./mail";
