import { Button, Field, HStack, Input, Spinner, Text } from '@chakra-ui/react';
import { PROXY_TIMEZONE_WAIT_MS } from '@reachly/shared/constants';
import { LocateFixed } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  type DetectTimezoneState,
  type ProxyToProbe,
  useDetectTimezone,
} from '../hooks/use-detect-timezone.ts';
import { FieldError } from './field-error.tsx';

const TYPE_IT = 'Type the timezone yourself, for example Europe/Berlin.';
const WAIT_S = PROXY_TIMEZONE_WAIT_MS / 1000;

/** Seconds left of the wait while the desktop app is asked. */
function useSecondsLeft(active: boolean): number {
  const [left, setLeft] = useState(WAIT_S);
  useEffect(() => {
    if (!active) return;
    const startedAt = Date.now();
    setLeft(WAIT_S);
    const timer = window.setInterval(() => {
      setLeft(Math.max(0, Math.ceil(WAIT_S - (Date.now() - startedAt) / 1000)));
    }, 250);
    return () => window.clearInterval(timer);
  }, [active]);
  return left;
}

function DetectStatus({ state, secondsLeft }: { state: DetectTimezoneState; secondsLeft: number }) {
  switch (state.status) {
    case 'detecting':
      return (
        <HStack gap="2">
          <Spinner size="xs" />
          <Text>Asking the desktop app for the proxy's timezone… {secondsLeft} s left</Text>
        </HStack>
      );
    case 'detected':
      return <Text>Detected through the proxy: {state.timezone}</Text>;
    case 'timeout':
      return (
        <Text>
          The desktop app did not answer within {WAIT_S} s. {TYPE_IT}
        </Text>
      );
    case 'failed':
      return (
        <Text>
          The desktop app could not detect the timezone ({state.reason}). {TYPE_IT}
        </Text>
      );
    default:
      return null;
  }
}

/**
 * proxyTimezone, with "Detect timezone" for a manual proxy: the desktop app looks the timezone up
 * through the proxy (spec §7, up to 10 s); on no answer the user types it.
 */
export function ProxyTimezoneField({
  inputProps,
  error,
  canDetect,
  proxyToProbe,
  onDetected,
}: {
  inputProps: UseFormRegisterReturn<'proxyTimezone'>;
  error: string | undefined;
  canDetect: boolean;
  /** The proxy as typed, or null when no address is typed yet. */
  proxyToProbe: () => ProxyToProbe | null;
  onDetected: (timezone: string) => void;
}) {
  const { state, detect } = useDetectTimezone();
  const [needsAddress, setNeedsAddress] = useState(false);
  const detecting = state.status === 'detecting';
  const secondsLeft = useSecondsLeft(detecting);
  // The status is the last line of a dialog that scrolls inside: bring it into view when it changes,
  // so that it is never left under the footer (issue 19).
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== 'idle' || needsAddress) statusRef.current?.scrollIntoView({ block: 'nearest' });
  }, [state.status, needsAddress]);

  const onDetect = async () => {
    const proxy = proxyToProbe();
    setNeedsAddress(proxy === null);
    if (!proxy) return;
    const timezone = await detect(proxy);
    if (timezone) onDetected(timezone);
  };

  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Proxy timezone</Field.Label>
      <HStack w="full" gap="2">
        <Input placeholder="e.g. Europe/Berlin" autoComplete="off" {...inputProps} />
        {canDetect && (
          <Button
            variant="outline"
            onClick={onDetect}
            loading={detecting}
            loadingText="Detecting…"
            flexShrink={0}
          >
            <LocateFixed aria-hidden /> Detect timezone
          </Button>
        )}
      </HStack>
      <FieldError>{error}</FieldError>
      {canDetect && (
        <Field.HelperText
          as="div"
          ref={statusRef}
          aria-live="polite"
          data-testid="timezone-detect-status"
          scrollMarginBottom="4"
        >
          {needsAddress ? (
            <Text>Enter the proxy address first.</Text>
          ) : (
            <DetectStatus state={state} secondsLeft={secondsLeft} />
          )}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
