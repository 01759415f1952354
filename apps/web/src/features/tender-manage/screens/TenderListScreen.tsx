import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function TenderListScreen() {
  return (
    <ModuleEmptyState
      title="招标管理"
      description="暂无招标项目。招投标业务模块启用后，可在此创建、发布、撤销和导出招标项目。"
    />
  );
}
