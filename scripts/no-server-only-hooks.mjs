// The resolve hook registered by no-server-only.mjs (module hooks run on their own thread).
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}
