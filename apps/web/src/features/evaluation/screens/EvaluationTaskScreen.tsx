import { Empty, Pagination, Spin } from 'antd';
import { deskApi } from '@tender/contracts';
import { LoadError } from '@/components/LoadError';
import { PageContainer } from '@/components/PageContainer';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { useMyTasks } from '../api/list-my-task';
import { TaskCard } from '../components/TaskCard';
import './evaluation.css';

const listQuery = declared(deskApi.listMyTask.query);

/** 评标任务: the committees the caller sits on, and the next step on each lot. */
export default function EvaluationTaskScreen() {
  const { query, setPage } = useUrlQuery(listQuery);
  const tasks = useMyTasks(query);
  const list = tasks.data?.list ?? [];
  return (
    <PageContainer title="评标任务">
      {tasks.isError && <LoadError error={tasks.error} onRetry={() => tasks.refetch()} />}
      <Spin spinning={tasks.isFetching}>
        {list.length === 0 && !tasks.isFetching ? (
          <Empty description="暂无评标任务。被抽取为评标委员会成员后，项目会显示在这里。" />
        ) : (
          list.map((task) => <TaskCard key={task.committeeId} task={task} />)
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16 }}
        align="end"
        size="small"
        current={query.pageNum}
        pageSize={query.pageSize}
        total={tasks.data?.total ?? 0}
        showTotal={(total) => `共 ${total} 个项目`}
        onChange={setPage}
        hideOnSinglePage
      />
    </PageContainer>
  );
}
