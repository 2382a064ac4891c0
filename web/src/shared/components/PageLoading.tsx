import { Spin } from 'antd';
import { zhCN } from '../locales/zh-CN';

/** PageLoading fills the page while its code or data loads (shown after 200 ms, so fast loads do not flash). */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '96px 0' }} aria-busy="true">
      <Spin size="large" delay={200} description={zhCN.common.loading} />
    </div>
  );
}
