import { DataList, Stack, Text } from '@chakra-ui/react';
import type { PaymentText } from '@reachly/shared/schemas';
import { PAYMENT_FOLLOW_UP, PAYMENT_METHOD_LABELS } from '../utils/license-text.ts';

/**
 * How to pay besides the checkout links (`online`): the manual payment methods of the user's
 * paymentTexts, each labelled, and what to do after paying; with neither, to ask support.
 */
export function PaymentInstructions({
  paymentTexts,
  online = false,
}: {
  paymentTexts: readonly PaymentText[];
  online?: boolean;
}) {
  return (
    <Stack gap="3" data-testid="payment-instructions">
      {paymentTexts.length > 0 ? (
        <>
          {online && <Text>Or pay by hand:</Text>}
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
          <Text>{PAYMENT_FOLLOW_UP}</Text>
        </>
      ) : online ? (
        <Text>Once your payment arrives, we add it to your account.</Text>
      ) : (
        <Text>Ask support how to pay.</Text>
      )}
    </Stack>
  );
}
