// CommonJS packages (ajv, ajv-formats) seen from NodeNext ESM: the class may sit on `.default` or be the module itself.
export function interop<T>(mod: T): T extends { default: infer D } ? D : T {
  return ((mod as { default?: unknown }).default ?? mod) as never;
}
