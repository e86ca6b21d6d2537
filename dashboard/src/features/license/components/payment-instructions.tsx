import { DataList, Stack, Text } from '@chakra-ui/react';
import type { PaymentText } from '@reachly/shared/schemas';
import { PAYMENT_FOLLOW_UP, PAYMENT_METHOD_LABELS } from '../utils/license-text.ts';

/** The manual payment methods of the user's paymentTexts, each labelled, and what to do after paying. */
export function PaymentInstructions({ paymentTexts }: { paymentTexts: readonly PaymentText[] }) {
  return (
    <Stack gap="3" data-testid="payment-instructions">
      {paymentTexts.length > 0 ? (
        <DataList.Root orientation="horizontal" gap="2">
          {paymentTexts.map((p) => (
            <DataList.Item key={p.method}>
              <DataList.ItemLabel>{PAYMENT_METHOD_LABELS[p.method]}</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono" wordBreak="break-word">
                {p.text}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      ) : (
        <Text>Ask support for the payment details.</Text>
      )}
      <Text>{PAYMENT_FOLLOW_UP}</Text>
    </Stack>
  );
}
