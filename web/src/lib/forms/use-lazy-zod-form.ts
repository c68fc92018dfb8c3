import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * useZodForm for the landing page: zod and its resolver load on the first validation (or
 * when `preload` runs, e.g. once the page is idle) instead of in the first bundle
 * (scripts/check-bundle-size.mjs). `loadSchema` imports the module holding the schema.
 */
export function useLazyZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  const resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>> = async (values, context, resolverOptions) => {
    const [schema, { zodResolver }] = await Promise.all([loadSchema(), import('@hookform/resolvers/zod')]);
    const resolve: Resolver<z.input<Schema>, unknown, z.output<Schema>> = zodResolver(schema as Schema);
    return resolve(values, context, resolverOptions);
  };
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
  });
}
