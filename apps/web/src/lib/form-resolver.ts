import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type * as FormSchemasModule from './form-schemas';

type FormSchemas = typeof FormSchemasModule;

let loading: Promise<FormSchemas> | undefined;

/** Downloads the form schemas (and zod) once; later calls answer the same promise. */
export const loadFormSchemas = () => (loading ??= import('./form-schemas'));

let armed = false;
/** Fetches the schemas at the first key or pointer press, so they are there by the first submit. */
function prefetchOnFirstInput() {
  if (armed || typeof document === 'undefined') return;
  armed = true;
  const events = ['keydown', 'pointerdown'] as const;
  const load = () => {
    for (const type of events) document.removeEventListener(type, load, true);
    void loadFormSchemas();
  };
  for (const type of events) document.addEventListener(type, load, { capture: true, passive: true });
}

/**
 * A react-hook-form resolver for one of the contract's zod schemas (`(s) => s.loginSchema`).
 * zod (about 25 KB gzip) is not needed to show a form, only to check it, so the schemas come in
 * their own chunk: fetched at the user's first key or pointer press, or at the latest when the
 * form is first validated (validation is asynchronous either way).
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  pick: (schemas: FormSchemas) => S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  prefetchOnFirstInput();
  return async (values, context, options) => {
    const schemas = await loadFormSchemas();
    // zodResolver's overloads cannot follow a schema type that is still a type parameter; at each
    // call site S is a concrete schema, and this is exactly what zodResolver(schema) returns for it.
    const resolve = schemas.zodResolver(pick(schemas)) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
    return resolve(values, context, options);
  };
}
