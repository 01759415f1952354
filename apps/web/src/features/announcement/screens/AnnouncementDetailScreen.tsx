import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function AnnouncementDetailScreen() {
  return (
    <ModuleEmptyState
      title="公告详情"
      description="未找到该公告。请从中标公告列表中选择一条公告查看详情。"
    />
  );
}
