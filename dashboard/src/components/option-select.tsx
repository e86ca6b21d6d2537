import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A native select of a list of options. `fieldProps` go to the `<select>` itself: a controlled
 * `value`/`onChange`, or react-hook-form's `register(...)`, with its aria-label and test id.
 */
export function OptionSelect({
  options,
  fieldProps,
  ...rootProps
}: Omit<NativeSelect.RootProps, 'children'> & {
  options: readonly SelectOption[];
  fieldProps: NativeSelect.FieldProps & { 'data-testid'?: string | undefined };
}) {
  return (
    <NativeSelect.Root {...rootProps}>
      <NativeSelect.Field {...fieldProps}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
