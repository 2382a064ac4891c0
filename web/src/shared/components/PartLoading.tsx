import { Spin } from 'antd';

// A file of its own: lazyPart.tsx is imported by pages that never show it, and antd's Spin came
// along into their first load (issue 19).
/** PartLoading stands where a LazyPart will be while its code arrives (shown after 200 ms). */
export function PartLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '32px 0' }} aria-busy="true">
      <Spin delay={200} />
    </div>
  );
}
