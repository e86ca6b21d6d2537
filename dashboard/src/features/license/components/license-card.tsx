import { Badge, DataList } from '@chakra-ui/react';
import type { License } from '@reachly/shared/schemas';
import { formatLicenseDate } from '../utils/license-text.ts';
import { BuyCard } from './buy-card.tsx';

/** The licence of spec §3: plan, trial flag, valid till, and whether it is valid now. */
export function LicenseCard({ license, isValid }: { license: License; isValid: boolean }) {
  return (
    <BuyCard title="Licence" testId="license-card" popup="BUY_LICENSE_POPUP" buyLabel="Buy a licence">
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>Plan</DataList.ItemLabel>
          <DataList.ItemValue>{license.plan}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Trial</DataList.ItemLabel>
          <DataList.ItemValue>{license.isTrial ? 'Yes' : 'No'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Valid till</DataList.ItemLabel>
          <DataList.ItemValue>
            {license.licenseTill ? formatLicenseDate(license.licenseTill) : 'No licence'}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={isValid ? 'green' : 'red'}>{isValid ? 'Valid' : 'Expired'}</Badge>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </BuyCard>
  );
}
