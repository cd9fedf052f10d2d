// The plan form's limit, apart from the schema: the form shows it from the start and loads the
// schema (and zod) when it is first sent.

export const MAX_PLAN_FEATURES = 20;
