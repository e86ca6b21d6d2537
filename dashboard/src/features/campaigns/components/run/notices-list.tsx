import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../../lib/format.ts';
import type { FoldedNotice } from '../../hooks/use-campaign-live.ts';
import { LOG_TYPE_LABELS } from '../../utils/labels.ts';

const LEVELS = {
  info: { palette: 'blue', label: 'Info' },
  warning: { palette: 'orange', label: 'Warning' },
  danger: { palette: 'red', label: 'Danger' },
} as const;

/** What the campaign wants the user to see now (campaign-notice pushes), newest first, repeats folded. */
export function NoticesList({
  notices,
  profileNames,
}: {
  notices: readonly FoldedNotice[];
  profileNames: ReadonlyMap<number, string>;
}) {
  return (
    <Box aria-live="polite">
      {notices.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No notices: restrictions, warnings and hand-offs show here.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="notices">
          {notices.map((notice) => {
            const level = LEVELS[notice.level];
            return (
              <Box
                as="li"
                key={notice.key}
                borderWidth="1px"
                borderStartWidth="4px"
                borderStartColor={`${level.palette}.600`}
                bg="bg.panel"
                rounded="md"
                px="3"
                py="2"
                data-testid="notice"
                data-level={notice.level}
              >
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette={level.palette}>{level.label}</Badge>
                  <Text fontSize="sm" fontWeight="medium">
                    {LOG_TYPE_LABELS[notice.type]}
                  </Text>
                  {notice.profileId !== null && (
                    <Text fontSize="sm" color="fg.muted">
                      {profileNames.get(notice.profileId) ?? `Profile ${notice.profileId}`}
                    </Text>
                  )}
                  {notice.count > 1 && (
                    <Badge variant="outline" data-testid="notice-count">
                      {notice.count} times
                    </Badge>
                  )}
                  <Text fontSize="xs" color="fg.muted" ms="auto">
                    {notice.count > 1
                      ? `${formatDateTime(notice.firstAt)} – ${formatDateTime(notice.createdAt)}`
                      : formatDateTime(notice.createdAt)}
                  </Text>
                </HStack>
                <Text fontSize="sm">{notice.message}</Text>
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
