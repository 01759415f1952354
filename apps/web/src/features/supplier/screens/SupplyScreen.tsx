import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function SupplyScreen() {
  return (
    <ModuleEmptyState
      title="投标人信息管理"
      description="暂无投标人。供应商注册后，其资质资料将在此审核、通过、驳回或列入黑名单。"
    />
  );
}
