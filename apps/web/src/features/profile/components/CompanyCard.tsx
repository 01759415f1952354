import { Card, Flex, Skeleton } from 'antd';
import { LoadError } from '@/components/LoadError';
import { SupplierStatusTag } from '@/components/SupplierStatusTag';
import { useMySupplier } from '@/hooks/use-my-supplier';
import { CompanyForm } from './CompanyForm';
import { SupplierStatusNotice } from './SupplierStatusNotice';

/** 企业信息 for a bidder: the review state, what it allows, and the company's edit form. */
export function CompanyCard() {
  // Drawn only for an account that has a company, whatever its role.
  const company = useMySupplier(true);
  const supplier = company.data;
  return (
    <Card
      title="企业信息"
      extra={
        supplier && (
          <SupplierStatusTag status={supplier.status} blacklistUntil={supplier.blacklistUntil} />
        )
      }
    >
      {company.isError && <LoadError error={company.error} onRetry={() => company.refetch()} />}
      {!supplier && !company.isError && <Skeleton active paragraph={{ rows: 8 }} />}
      {supplier && (
        <Flex vertical gap={16}>
          <SupplierStatusNotice supplier={supplier} />
          <CompanyForm supplier={supplier} />
        </Flex>
      )}
    </Card>
  );
}
