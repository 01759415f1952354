import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function TenderDetailScreen() {
  return (
    <ModuleEmptyState
      title="招标管理详情"
      description="未找到该招标项目。请从招标管理列表中选择一个项目查看详情。"
    />
  );
}
