import { useQuery } from '@tanstack/react-query';
import { Panel } from '@/shared/components/Panel';
import { SecurityCards } from '../components/SecurityCards';
import { getSecurityInfo } from '../api/getSecurityInfo';

/**
 * AccountSecurityPage holds the change-password and change-phone cards (02 §2), and 下载我的数据
 * (issue 17): the page of a person's and an enterprise's account settings, where a user looks
 * for what the platform keeps about the account. The page is its cards: they come with its chunk.
 */
export default function AccountSecurityPage() {
  const q = useQuery({ queryKey: ['account', 'security'], queryFn: ({ signal }) => getSecurityInfo(signal) });
  if (!q.data) return <Panel loading />;
  return <SecurityCards phone={q.data.phone} type={q.data.type} />;
}
