import { Badge, Box, Button, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { LifeBuoy } from 'lucide-react';
import { useOpenPopup } from '../../state/popups.ts';
import { useLicense, useTraffic } from '../account/use-account.ts';
import { linkTarget, SupportContact, useSupportContact } from './components/support-contact.tsx';
import { validityText } from './utils/license-text.ts';
import { remainingTrafficText } from './utils/traffic.ts';

/**
 * The support contact of the menu: written out in the menu drawer of a phone or tablet, an icon
 * (named for screen readers, titled for the pointer) in the header's row of a desktop.
 */
function SupportInMenu() {
  const support = useSupportContact();
  if (!support) return null;
  return (
    <>
      <Box hideFrom="lg">
        <SupportContact />
      </Box>
      <IconButton asChild size="xs" variant="ghost" hideBelow="lg">
        <a
          href={support.href}
          aria-label={`Contact support: ${support.text}`}
          title={`Support: ${support.text}`}
          data-testid="support-link"
          {...linkTarget(support.href)}
        >
          <LifeBuoy aria-hidden />
        </a>
      </IconButton>
    </>
  );
}

/**
 * The header's compact licence and traffic line: plan, trial badge, validity ("valid till …" /
 * "expired" with a way to buy) and the remaining traffic in GB (spec §5 fallbacks included), and
 * how to reach support.
 */
export function AccountSummary() {
  const { license, isValid, isLoading } = useLicense();
  const traffic = useTraffic();
  const openPopup = useOpenPopup();
  if (isLoading) return <Spinner size="xs" aria-label="Loading licence" />;

  return (
    <HStack
      as="section"
      aria-label="Licence and traffic"
      gap="2"
      fontSize="sm"
      wrap="wrap"
      data-testid="account-summary"
    >
      {license && (
        <Text>
          Plan: <strong>{license.plan}</strong>
        </Text>
      )}
      {license?.isTrial && <Badge colorPalette="blue">Trial</Badge>}
      {isValid ? (
        <Text color="fg.muted" data-testid="license-validity">
          {validityText(license, isValid)}
        </Text>
      ) : (
        <>
          <Badge colorPalette="red" data-testid="license-validity">
            {validityText(license, isValid)}
          </Badge>
          <Button size="2xs" colorPalette="red" onClick={() => openPopup('BUY_LICENSE_POPUP')}>
            Renew licence
          </Button>
        </>
      )}
      <Text data-testid="traffic-remaining">
        Traffic left: <strong>{traffic.isPending ? '…' : remainingTrafficText(traffic.data)}</strong>
      </Text>
      <SupportInMenu />
    </HStack>
  );
}
