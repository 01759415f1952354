import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function TenderMsgScreen() {
  return (
    <ModuleEmptyState
      title="招标信息"
      description="暂无可参与的招标项目。招投标业务模块启用后，已发布的招标项目、报名状态和招标文件入口将在此列出。"
    />
  );
}
