import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function BiddingScreen() {
  return (
    <ModuleEmptyState
      title="投标报价"
      description="暂无可报价的招标项目。报名成功且在投标截止前的项目将在此提交、修改或撤回密封报价。"
    />
  );
}
