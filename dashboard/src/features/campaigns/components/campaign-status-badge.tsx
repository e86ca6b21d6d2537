import { Badge } from '@chakra-ui/react';
import type { CampaignStatus } from '@reachly/shared/schemas';
import { STATUS_LABELS, STATUS_PALETTES } from '../utils/labels.ts';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTES[status]} data-testid="campaign-status" data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
