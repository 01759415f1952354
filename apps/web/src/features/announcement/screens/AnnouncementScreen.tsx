import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function AnnouncementScreen() {
  return (
    <ModuleEmptyState
      title="中标公告"
      description="暂无中标公告。招标项目定标后生成的中标公告将在此列出和发布。"
    />
  );
}
