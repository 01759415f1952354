import DownloadTenderScreen from '@/features/tender-msg/screens/DownloadTenderScreen';
import { QuestionsTab } from '@/features/question/components/QuestionsTab';

/** 下载招标文件 with the tender's 答疑 (questions, published answers, the ask form). */
export default function DownloadTenderRoute() {
  return (
    <DownloadTenderScreen
      questions={(tenderId, focus) => <QuestionsTab tenderId={tenderId} focus={focus} />}
    />
  );
}
