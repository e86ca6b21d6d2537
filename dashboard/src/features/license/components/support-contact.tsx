import { Link, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { plansQuery } from '../plans-queries.ts';

/**
 * The support contact of the server's configuration (SUPPORT_CONTACT), or null when none is
 * configured. `fetch: false` only reads what the page has already fetched (an error state must not
 * start requests of its own).
 */
export function useSupportContact(fetch = true) {
  return useQuery({ ...plansQuery(), enabled: fetch }).data?.support ?? null;
}

/** Opens a web address in a new tab; an email address in the mail app. */
export const linkTarget = (href: string) =>
  href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {};

/**
 * The support contact as a link after `label`: in the menu, the buy popups, the Plans page and the
 * error states. Nothing when none is configured.
 */
export function SupportContact({ label = 'Support:', fetch = true }: { label?: ReactNode; fetch?: boolean }) {
  const support = useSupportContact(fetch);
  if (!support) return null;
  return (
    <Text fontSize="sm" data-testid="support-contact">
      {label}{' '}
      <Link
        href={support.href}
        variant="underline"
        color="colorPalette.fg"
        wordBreak="break-all"
        {...linkTarget(support.href)}
      >
        {support.text}
      </Link>
    </Text>
  );
}
