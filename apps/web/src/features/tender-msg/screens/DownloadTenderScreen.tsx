import { ModuleEmptyState } from '@/components/ModuleEmptyState';

export default function DownloadTenderScreen() {
  return (
    <ModuleEmptyState
      title="下载招标文件"
      description="暂无可下载的招标文件。报名成功的招标项目，其招标文件和澄清文件将在此提供下载。"
    />
  );
}
