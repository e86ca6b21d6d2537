import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../lib/format.ts';
import { ResumeProfileButton } from './resume-profile-button.tsx';

export interface PausedProfile {
  profileId: number;
  name: string;
  /** The pause's end (ISO). */
  pausedUntil: string;
  /** What the network said, as the server keeps it ("RESTRICTION: …"). */
  pauseReason: string | null;
}

/**
 * A profile paused after the network's restriction or block (issue 14): until when (the reader's
 * local time), why, and "Resume now" to lift it early (asked first). On the profiles page and in
 * each campaign's run view.
 */
export function ProfilePause({ profile }: { profile: PausedProfile }) {
  return (
    <Stack gap="0.5" data-testid="profile-pause">
      <Text>
        <Badge colorPalette="orange">Paused</Badge>{' '}
        <Text as="span" fontWeight="medium" color="orange.fg">
          until {formatDateTime(profile.pausedUntil)}
        </Text>
      </Text>
      {profile.pauseReason && (
        <Text fontSize="sm" color="orange.fg">
          {profile.pauseReason}
        </Text>
      )}
      <ResumeProfileButton profile={profile} />
    </Stack>
  );
}
