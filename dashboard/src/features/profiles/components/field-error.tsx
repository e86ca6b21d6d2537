import { Field } from '@chakra-ui/react';

/**
 * A field's message in the theme's fg.error: a red that passes WCAG AA for small text in light
 * (red.700) and dark (red.300) mode (theme.ts).
 */
export function FieldError({ children }: { children: string | undefined }) {
  return <Field.ErrorText color="fg.error">{children}</Field.ErrorText>;
}
