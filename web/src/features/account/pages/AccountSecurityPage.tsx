import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Panel } from '@/shared/components/Panel';
import { lazyPart } from '@/shared/components/lazyPart';
import { getSecurityInfo } from '../api/getSecurityInfo';

const SecurityCards = lazyPart(() => import('../components/SecurityCards'), 'SecurityCards');

/**
 * AccountSecurityPage holds the change-password and change-phone cards (02 §2), and 下载我的数据
 * (issue 17): the page of a person's and an enterprise's account settings, where a user looks
 * for what the platform keeps about the account.
 */
export default function AccountSecurityPage() {
  const q = useQuery({ queryKey: ['account', 'security'], queryFn: ({ signal }) => getSecurityInfo(signal) });
  // The cards' code is fetched beside the data (SecurityCards), the loading card standing in for both.
  useEffect(() => void SecurityCards.preload().catch(() => undefined), []);
  if (!q.data) return <Panel loading />;
  return (
    <Suspense fallback={<Panel loading />}>
      <SecurityCards phone={q.data.phone} type={q.data.type} />
    </Suspense>
  );
}
