import { Field } from '@chakra-ui/react';

/**
 * A field's message in a red dark enough for small text on white (Chakra's fg.error, red.500, is
 * 3.8:1; red.700 passes WCAG AA).
 */
export function FieldError({ children }: { children: string | undefined }) {
  return <Field.ErrorText color="red.700">{children}</Field.ErrorText>;
}
